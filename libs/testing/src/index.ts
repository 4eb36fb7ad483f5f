// Public surface of the testing library: other projects import only from here.
