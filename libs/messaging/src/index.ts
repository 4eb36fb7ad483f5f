// Public surface of the messaging library: other projects import only from here.
