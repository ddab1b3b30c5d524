// Entry point: parse the command line and run the fake Pwned Passwords server.
FakeHIBPCommand.main()
