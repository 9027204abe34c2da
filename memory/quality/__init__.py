"""Quality sets and the commands that measure memory against them."""
