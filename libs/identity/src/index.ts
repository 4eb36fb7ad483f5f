// Public surface of the identity library: other projects import only from here.
