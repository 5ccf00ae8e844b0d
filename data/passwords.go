package data

import _ "embed" // the list of common passwords

// commonPasswords is passwords/common.txt: see passwords/NOTICE.md for its source and licence.
//
//go:embed passwords/common.txt
var commonPasswords string

// CommonPasswords is the list of common passwords a director may not choose: one a line, lowercase,
// sorted by bytes, each of 8 characters or more (passwords/NOTICE.md says where it comes from).
func CommonPasswords() string { return commonPasswords }
