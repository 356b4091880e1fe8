from gitmem.cli import main

main()
