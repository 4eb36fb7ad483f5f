// Public surface of the runs library: other projects import only from here.
