"""One module per subcommand of the ygorules command line."""
