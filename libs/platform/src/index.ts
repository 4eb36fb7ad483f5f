// Public surface of the platform library: other projects import only from here.
