import gc

# importing the CLI builds no reference cycles worth collecting: the collector would only walk
# the new modules again and again (main() pauses it again until the command's module is in)
gc.disable()
from gitmem.cli import entry  # noqa: E402

gc.enable()
entry()
