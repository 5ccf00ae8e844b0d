// Command grandtour seeds a grand tour into a running Race Director through its JSON API (thirty
// teams of six riders, 21 stages, every stage raced and closed) and prints the tour's id. The load
// run (load.sh beside it) drives the tour's pages with wrk.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"racedirector/app/grandtour"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "the running app")
	closed := flag.Int("closed", grandtour.Stages, "how many stages to race and close")
	flag.Parse()
	do := grandtour.Client(&http.Client{Timeout: 60 * time.Second}, *base)
	tour, err := grandtour.Seed(do, fmt.Sprintf("Grand Tour %s", time.Now().Format("15:04:05")), *closed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "grandtour:", err)
		os.Exit(1)
	}
	fmt.Println(tour.ID)
}
