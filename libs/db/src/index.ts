// Public surface of the db library: other projects import only from here.
