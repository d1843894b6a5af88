package hub

// Pid returns the id of c's engine process, or 0 for a client made by
// Connect: the tests of package hub_test check that Close ends it.
func Pid(c *Client) int { return c.pid() }
