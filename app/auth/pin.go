// Package auth decides who may see and change what: the director, who proves it with the PIN, or,
// where the database keeps directors' accounts, each director with their name and password (an
// administrator sees every director's), and everyone else, who may look (or, with accounts, follow
// a tour with its code). It keeps the PIN and the passwords only as salted slow hashes, the PIN
// director's sessions in memory (the accounts' in the database, by their token's hash), and counts
// wrong PINs and passwords per client address and per name where every instance sees them (the
// database, through Guesses); its one middleware (Lock.Middleware), with its one policy (Decide),
// is the only place a request is checked.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Limits of a PIN: 4 to 12 digits, or a passphrase of 8 characters or more (at most 128).
const (
	minDigits     = 4
	maxDigits     = 12
	minPassphrase = 8
	maxPassphrase = 128
	// NewPINDigits is how many digits a PIN the app makes has: easy to read out at a table.
	NewPINDigits = 6
)

// PINRule says in words what a PIN must be, for refusals.
const PINRule = "the director's PIN must be 4 to 12 digits, or a passphrase of at least 8 characters"

// The Argon2id lanes, the salt and the hash length.
const (
	hashThreads = 1
	hashLen     = 32
	saltLen     = 16
)

// HashCost is what hashing a PIN or a password costs with Argon2id: its memory in KiB and its passes.
type HashCost struct {
	// Memory is the memory a hash takes, in KiB (at least 8).
	Memory uint32
	// Passes is how many passes over that memory a hash makes (at least 1).
	Passes uint32
}

// The default Argon2id cost, the OWASP minimum: 19 MiB, two passes (one lane). Only tests ask for
// less (Options.HashCost), to hash their hundreds of PINs cheaply.
const (
	DefaultHashMemory = 19 * 1024
	DefaultHashPasses = 2
)

// orDefault is the cost, or the default one for a cost Argon2id cannot take (the zero value).
func (c HashCost) orDefault() HashCost {
	if c.Memory < 8*hashThreads || c.Passes < 1 {
		return HashCost{Memory: DefaultHashMemory, Passes: DefaultHashPasses}
	}
	return c
}

// CheckPIN says whether pin may be the director's PIN, and if not why: a passphrase on the list of
// common passwords is refused (IsCommonPassword); digits keep their own rule.
func CheckPIN(pin string) error {
	if !utf8.ValidString(pin) || strings.IndexFunc(pin, unicode.IsControl) >= 0 {
		return fmt.Errorf("%s (no control characters)", PINRule)
	}
	if strings.TrimSpace(pin) != pin {
		return fmt.Errorf("%s (no spaces at its start or end)", PINRule)
	}
	n := utf8.RuneCountInString(pin)
	if allDigits(pin) {
		if n < minDigits || n > maxDigits {
			return fmt.Errorf("%s: this one has %d digits", PINRule, n)
		}
		return nil
	}
	if n < minPassphrase {
		return fmt.Errorf("%s: this one has %d characters", PINRule, n)
	}
	if n > maxPassphrase {
		return fmt.Errorf("%s, and at most %d characters", PINRule, maxPassphrase)
	}
	if IsCommonPassword(pin) {
		return fmt.Errorf("%s (this passphrase is one of the most common passwords, the first ones anyone guessing tries: choose another)", PINRule)
	}
	return nil
}

// allDigits says whether s is made of ASCII digits only.
func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// NewPIN makes a random PIN of NewPINDigits digits, for a table served without one.
func NewPIN() (string, error) {
	var b strings.Builder
	for range NewPINDigits {
		d, err := rand.Int(rand.Reader, big.NewInt(10))
		if err != nil {
			return "", fmt.Errorf("making a PIN: %w", err)
		}
		b.WriteByte(byte('0' + d.Int64()))
	}
	return b.String(), nil
}

// pinHash is the PIN as the app keeps it: an Argon2id hash with its own random salt, and its cost.
type pinHash struct {
	salt []byte
	sum  []byte
	cost HashCost
}

// hashPIN salts and hashes a PIN at cost.
func hashPIN(pin string, cost HashCost) (pinHash, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return pinHash{}, fmt.Errorf("salting the PIN: %w", err)
	}
	return pinHash{salt: salt, sum: argon2.IDKey([]byte(pin), salt, cost.Passes, cost.Memory, hashThreads, hashLen), cost: cost}, nil
}

// matches says whether pin is the PIN hashed, comparing the hashes in constant time.
func (h pinHash) matches(pin string) bool {
	sum := argon2.IDKey([]byte(pin), h.salt, h.cost.Passes, h.cost.Memory, hashThreads, hashLen)
	return subtle.ConstantTimeCompare(sum, h.sum) == 1
}
