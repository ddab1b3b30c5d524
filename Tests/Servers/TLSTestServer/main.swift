// Entry point: parse the command line and run the TLS test server.
TLSTestServerCommand.main()
