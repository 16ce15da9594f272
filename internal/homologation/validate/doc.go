// Package validate judges a submitted tournament against the homologation
// rules of the regulations, as configured in rules.yaml: each check is a
// small function that reads the tournament (and the registers and the
// submission's details) and returns findings citing their article; the
// verdict follows from the findings' severities.
package validate
