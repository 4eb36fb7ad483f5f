// Public surface of the audit library: other projects import only from here.
