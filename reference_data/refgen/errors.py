"""The one exception type the command line turns into a clean message."""


class RefgenError(Exception):
    """A problem the user can fix; the message names the thing and the fix."""
