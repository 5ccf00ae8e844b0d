package keep

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"
)

// A kept page, JSON or SVG is kept compressed, once: a viewer whose browser takes gzip (every
// browser) is sent the kept bytes as they are, with his CSRF token put in, rather than the same page
// compressed again for every viewer; another is sent it inflated. The body is cut at each CSRF
// placeholder and each piece deflated alone (no piece refers back to another, so whatever is put
// between them is free), the token goes between the pieces as a stored deflate block, and the
// gzip checksum of the whole is made from the pieces' (crc32Combine). Bodies already compressed
// (PDF, XLSX, images) and small ones are kept as they are.

// packLevel is the deflate level of kept answers: the gzip middleware's (app/server.go).
const packLevel = 5

// minPacked is the smallest body kept compressed: the gzip middleware's MinLength.
const minPacked = 1024

// packed is a body kept compressed.
type packed struct {
	pieces []piece
	// inflaters are shared by the packed answers of one keeper (TourReads.compress).
	inflaters *sync.Pool
}

// piece is the part of a body between two CSRF placeholders (or an end), deflated alone.
type piece struct {
	// deflated is its deflate blocks, ended by a flush (byte aligned, not final).
	deflated []byte
	// crc is its gzip checksum (CRC-32, IEEE) and n its length, as written.
	crc uint32
	n   int
}

// size is what the packed body holds in memory.
func (p *packed) size() int {
	n := 0
	for _, pc := range p.pieces {
		n += len(pc.deflated) + 16
	}
	return n
}

// compressors are costly to make (some 600 KB each), and decompressors (40 KB): the few in use are
// shared.
type compressors struct {
	pool      sync.Pool
	inflaters sync.Pool
	gzips     sync.Pool
}

// gzipNow writes body gzip-encoded, with token for its placeholders, compressing it now.
func (cs *compressors) gzipNow(w io.Writer, body []byte, token string) error {
	zw, _ := cs.gzips.Get().(*gzip.Writer)
	if zw == nil {
		zw, _ = gzip.NewWriterLevel(w, packLevel) // the level is valid: no error
	} else {
		zw.Reset(w)
	}
	defer cs.gzips.Put(zw)
	if err := writeWithToken(zw, body, token); err != nil {
		return err
	}
	return zw.Close()
}

// deflate returns part deflated alone, ended by a flush.
func (cs *compressors) deflate(part []byte) []byte {
	var out bytes.Buffer
	w, _ := cs.pool.Get().(*flate.Writer)
	if w == nil {
		w, _ = flate.NewWriter(&out, packLevel) // the level is valid: no error
	} else {
		w.Reset(&out)
	}
	_, _ = w.Write(part) // a bytes.Buffer takes every write
	_ = w.Flush()
	cs.pool.Put(w)
	return bytes.Clone(out.Bytes())
}

// packs says whether a body of that content type is kept compressed: text, JSON and SVG, not
// what is already compressed.
func packs(contentType string, body []byte) bool {
	if len(body) < minPacked {
		return false
	}
	mt, _, _ := strings.Cut(contentType, ";")
	mt = strings.ToLower(strings.TrimSpace(mt))
	return strings.HasPrefix(mt, "text/") || mt == echo.MIMEApplicationJSON || mt == "image/svg+xml" || mt == echo.MIMEApplicationJavaScript
}

// pack compresses body piece by piece, cut at each CSRF placeholder.
func (cs *compressors) pack(body []byte) *packed {
	parts := bytes.Split(body, []byte(csrfPlaceholder))
	p := &packed{pieces: make([]piece, len(parts)), inflaters: &cs.inflaters}
	for i, part := range parts {
		p.pieces[i] = piece{deflated: cs.deflate(part), crc: crc32.ChecksumIEEE(part), n: len(part)}
	}
	return p
}

// gzipHeader opens a gzip stream: deflate, no name, no time, an unknown system.
const gzipHeader = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"

// finalBlock ends a deflate stream: an empty stored block marked final.
const finalBlock = "\x01\x00\x00\xff\xff"

// writeGzip writes the packed body as one gzip stream with token between its pieces.
func (p *packed) writeGzip(w io.Writer, token string) error {
	var stored [5]byte // a stored block's header: not final, its length and the length's complement
	binary.LittleEndian.PutUint16(stored[1:], uint16(len(token)))
	binary.LittleEndian.PutUint16(stored[3:], ^uint16(len(token)))
	if _, err := io.WriteString(w, gzipHeader); err != nil {
		return err
	}
	tokenCRC := crc32.ChecksumIEEE([]byte(token))
	var crc uint32
	total := 0
	for i, pc := range p.pieces {
		if i > 0 {
			if _, err := w.Write(stored[:]); err != nil {
				return err
			}
			if _, err := io.WriteString(w, token); err != nil {
				return err
			}
			crc = crc32Combine(crc, tokenCRC, len(token))
			total += len(token)
		}
		if _, err := w.Write(pc.deflated); err != nil {
			return err
		}
		crc = crc32Combine(crc, pc.crc, pc.n)
		total += pc.n
	}
	var trailer [8]byte
	binary.LittleEndian.PutUint32(trailer[:4], crc)
	binary.LittleEndian.PutUint32(trailer[4:], uint32(total))
	if _, err := io.WriteString(w, finalBlock); err != nil {
		return err
	}
	_, err := w.Write(trailer[:])
	return err
}

// writePlain writes the packed body inflated, with token between its pieces.
func (p *packed) writePlain(w io.Writer, token string) error {
	for i, pc := range p.pieces {
		if i > 0 {
			if _, err := io.WriteString(w, token); err != nil {
				return err
			}
		}
		deflated := io.MultiReader(bytes.NewReader(pc.deflated), strings.NewReader(finalBlock))
		r, _ := p.inflaters.Get().(io.ReadCloser)
		if r == nil {
			r = flate.NewReader(deflated)
		} else {
			_ = r.(flate.Resetter).Reset(deflated, nil) // always nil: no dictionary
		}
		_, err := io.Copy(w, r)
		p.inflaters.Put(r)
		if err != nil {
			return err
		}
	}
	return nil
}

// takesGzip says whether the request's client takes gzip-encoded answers (as the gzip middleware
// reads Accept-Encoding).
func takesGzip(req *http.Request) bool {
	return strings.Contains(req.Header.Get(echo.HeaderAcceptEncoding), "gzip")
}

// crcPolynomial is CRC-32's (IEEE) polynomial, bits reversed.
const crcPolynomial = 0xedb88320

// crc32Combine is the CRC-32 of a and b one after the other, from the CRC-32 of a, that of b and
// b's length (zlib's crc32_combine).
func crc32Combine(crcA, crcB uint32, lenB int) uint32 {
	return multModP(xPowModP(8*uint64(lenB)), crcA) ^ crcB
}

// multModP multiplies a and b modulo CRC-32's polynomial (bits reversed: 1<<31 is x^0).
func multModP(a, b uint32) uint32 {
	var p uint32
	for m := uint32(1) << 31; m != 0; m >>= 1 {
		if a&m != 0 {
			p ^= b
		}
		if b&1 != 0 {
			b = b>>1 ^ crcPolynomial
		} else {
			b >>= 1
		}
	}
	return p
}

// xPowModP is x to the nth power modulo CRC-32's polynomial.
func xPowModP(n uint64) uint32 {
	p, square := uint32(1)<<31, uint32(1)<<30 // x^0, x^1
	for ; n != 0; n >>= 1 {
		if n&1 != 0 {
			p = multModP(square, p)
		}
		square = multModP(square, square)
	}
	return p
}
