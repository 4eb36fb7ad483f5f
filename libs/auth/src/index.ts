// Public surface of the auth library: other projects import only from here.
