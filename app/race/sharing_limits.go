package race

// MaxCodirectors is the most co-directors a tour may have (a league's directors, with room to spare).
const MaxCodirectors = 20
