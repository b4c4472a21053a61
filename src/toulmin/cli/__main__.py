from toulmin.cli import main

main()
