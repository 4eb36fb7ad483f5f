// Public surface of the rate-limit library: other projects import only from here.
