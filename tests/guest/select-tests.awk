# Prints the test lines of the guest lists given, in order: comments and
# blank lines go.  tests/guest/run-suite runs what it prints;
# tests/drivers/guest-suite.sh counts it for the plan.
/^[ \t]*(#|$)/ { next }
{ print }
