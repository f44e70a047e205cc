/// Splits an ingredient line into number, word and punctuation tokens, remembering where each
/// came from so that the name can be cut from the original text. Numbers glued to units
/// (`200g`, `2tbsp`) and vulgar fractions glued to numbers (`1½`) come apart.
///
/// Works on Unicode scalars rather than `Character`s: grapheme breaking was most of the parser's
/// time, and every character that matters here (digits, fractions, punctuation) is one scalar.
package struct IngredientToken {
    package enum Kind: UInt8 { case number, word, punctuation }
    /// The word lower-cased (numbers and punctuation as written), once here, because every rule
    /// and every tagger feature looks at it. The text as written is cut from the line when needed.
    package var lower: String
    package var kind: Kind
    /// Unicode scalar offsets into the line.
    package var start: Int
    package var end: Int
    var value: Double?
    /// What the parser's word lists say of the word (nothing for numbers and punctuation).
    var info: WordInfo = .none
    /// FNV-1a of the lower-cased word and of its last three bytes, for the lexicon and the tagger.
    var hash: UInt64 = 0
    var suffixHash: UInt64 = 0
    /// The scalar of a punctuation token, 0 for words and numbers.
    var mark: UInt32 = 0
    /// Written in lower case ("de" is a connector, "Del Monte" a name).
    var lowercase = true
    /// A number written as a fraction (`1/2`, `½`).
    var isFraction = false
    /// Kind, capitalisation, hyphen and length in a few bits, for the tagger (`IngredientFeatures`).
    var shape: UInt64 = 0

    /// Length in Unicode scalars.
    var length: Int { end - start }

    @inline(__always) func has(_ flags: WordFlags) -> Bool { !info.flags.isDisjoint(with: flags) }
    @inline(__always) func isMark(_ scalar: Unicode.Scalar) -> Bool { mark == scalar.value }

    /// Takes the few words as an array: building a `Set` from a literal on every call (these
    /// run for every token) cost more than comparing a handful of strings.
    func isWord(_ words: [String]) -> Bool { kind == .word && words.contains(lower) }
    func isPunctuation(_ marks: [Unicode.Scalar]) -> Bool { mark != 0 && marks.contains { $0.value == mark } }
}

/// A line as Unicode scalars, with the slicing the parser needs. Slices are cut from the UTF-8
/// bytes, which is much cheaper than rebuilding strings scalar by scalar.
package struct ScalarLine {
    package let scalars: [Unicode.Scalar]
    private let utf8: [UInt8]
    /// UTF-8 offset of every scalar, plus the end.
    private let offsets: [Int]

    package init(_ line: String) {
        utf8 = Array(line.utf8)
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(utf8.count)
        offsets.reserveCapacity(utf8.count + 1)
        var offset = 0
        for scalar in line.unicodeScalars {
            scalars.append(scalar)
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        self.scalars = scalars
        self.offsets = offsets
    }

    /// The UTF-8 bytes of the scalars from `start` to `end`.
    func withBytes<R>(_ start: Int, _ end: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        utf8.withUnsafeBufferPointer { bytes in body(UnsafeBufferPointer(rebasing: bytes[offsets[start]..<offsets[end]])) }
    }

    func text(_ start: Int, _ end: Int) -> String {
        utf8.withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[offsets[start]..<offsets[end]]), as: UTF8.self)
        }
    }
}

package enum IngredientTokenizer {
    package static func tokenize(_ line: ScalarLine) -> [IngredientToken] {
        let scalars = line.scalars
        let lexicon = IngredientLexicon.shared
        var tokens: [IngredientToken] = []
        tokens.reserveCapacity(16)
        var index = 0
        func append(_ start: Int, _ end: Int, _ kind: IngredientToken.Kind, _ value: Double? = nil) {
            var token = makeToken(line, start, end, kind, value)
            if kind == .word {
                token.info = lexicon.lookup(token.lower, hash: token.hash) ?? bracketedPlural(token.lower) ?? .none
                // `T` and `t` are told apart by their case alone.
                if !token.lowercase, token.lower == "t" || token.lower == "tb" || token.lower == "tbs" { token.info.unit = tablespoon }
                if token.lowercase, token.lower == "t" { token.info.unit = teaspoon }
            }
            tokens.append(token)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if isSpace(scalar) {
                index += 1
            } else if let fraction = NumberWords.vulgarFraction(scalar) {
                append(index, index + 1, .number, fraction)
                index += 1
            } else if isDigit(scalar) || (scalar == "." && index + 1 < scalars.count && isDigit(scalars[index + 1])) {
                var end = index
                while end < scalars.count, isDigit(scalars[end]) { end += 1 }
                var separator: Unicode.Scalar?
                // A decimal (`1.5`, European `0,5`), or a fraction (`1/2`, `1⁄2`).
                if end + 1 < scalars.count, isNumberSeparator(scalars[end]), isDigit(scalars[end + 1]) {
                    let wholeEnd = end
                    separator = scalars[end]
                    end += 1
                    while end < scalars.count, isDigit(scalars[end]) { end += 1 }
                    // "200/250 g" is two amounts, not a fraction: recipes' fractions have small
                    // denominators.
                    if separator == "/", wholeEnd - index >= 2, end - wholeEnd - 1 >= 2, scalars[wholeEnd + 1] != "0",
                       numberValue(scalars[(wholeEnd + 1)..<end], separator: nil) ?? 0 >= 20 {
                        end = wholeEnd
                        separator = nil
                    }
                }
                var value = numberValue(scalars[index..<end], separator: separator)
                // `1,1/2`: a comma before a fraction parts a whole number from the fraction
                // (1½), not a decimal `1,1` and a second amount `/2`.
                if separator == ",", end + 1 < scalars.count, scalars[end] == "/" || scalars[end] == "⁄", isDigit(scalars[end + 1]),
                   let comma = scalars[index..<end].firstIndex(of: ",") {
                    var denominatorEnd = end + 1
                    while denominatorEnd < scalars.count, isDigit(scalars[denominatorEnd]) { denominatorEnd += 1 }
                    let numerator = numberValue(scalars[(comma + 1)..<end], separator: nil) ?? 0
                    let denominator = numberValue(scalars[(end + 1)..<denominatorEnd], separator: nil) ?? 0
                    if denominator > numerator, scalars[comma + 1] != "0" {
                        value = (numberValue(scalars[index..<comma], separator: nil) ?? 0) + numerator / denominator
                        end = denominatorEnd
                    }
                }
                if separator != "/" && separator != "⁄", let written = writtenForMachines(scalars, start: index, numberEnd: end, value: value) {
                    end = written.end
                    value = written.value
                }
                if let parsed = value, !parsed.isFinite || parsed > 1e9 { value = nil }
                append(index, end, value == nil ? .word : .number, value)
                index = end
            } else if isCurrency(scalar), index + 1 < scalars.count, isDigit(scalars[index + 1]) {
                // A price (`($0.16)`, Budget Bytes' cost of each line) is a word of the remark,
                // never an amount: `salt to taste ($0.05)` is no 0.05 of salt.
                var end = index + 1
                while end < scalars.count, isDigit(scalars[end]) || (isNumberSeparator(scalars[end]) && end + 1 < scalars.count && isDigit(scalars[end + 1])) {
                    end += 1
                }
                append(index, end, .word)
                index = end
            } else if isWordScalar(scalar) {
                var end = index + 1
                while end < scalars.count {
                    let next = scalars[end]
                    if isWordScalar(next) {
                        end += 1
                    } else if (next == "-" || next == "'" || next == "’") && end + 1 < scalars.count && isWordScalar(scalars[end + 1]) {
                        // "d'huile", "dell'olio": the elided article is a word of its own.
                        if next != "-", isElision(scalars[index..<end]) { end += 1; break }
                        end += 2
                    } else {
                        break
                    }
                }
                // "pincée(s)", "Zwiebel(n)", "Ei(er)": a plural ending in brackets is part of the word.
                if end < scalars.count, scalars[end] == "(" {
                    var close = end + 1
                    while close < scalars.count, close - end <= 3, isWordScalar(scalars[close]), scalars[close].value < 0x80 || scalars[close].properties.isLowercase { close += 1 }
                    if close > end + 1, close < scalars.count, scalars[close] == ")", close + 1 == scalars.count || !isWordScalar(scalars[close + 1]) {
                        end = close + 1
                    }
                }
                append(index, end, .word)
                index = end
            } else {
                append(index, index + 1, .punctuation)
                index += 1
            }
        }
        return tokens
    }

    /// Signs written before a price.
    static func isCurrency(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .currencySymbol
    }

    static let tablespoon = UInt16((UnitVocabulary.unitIndex["tablespoon"] ?? 0) + 1)
    static let teaspoon = UInt16((UnitVocabulary.unitIndex["teaspoon"] ?? 0) + 1)

    /// A token with its lower-cased text, hashes and shape, computed in one pass over its bytes
    /// when it is ASCII (most are), through Foundation's full case mapping when it is not.
    static func makeToken(_ line: ScalarLine, _ start: Int, _ end: Int, _ kind: IngredientToken.Kind, _ value: Double?) -> IngredientToken {
        var shape = UInt64(kind.rawValue)
        if end - start <= 2 { shape |= 32 }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var upper = 0
        var letters = 0
        var firstUpper = false
        var isFraction = false
        var lower: String?
        line.withBytes(start, end) { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return }
            lower = String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (offset, byte) in bytes.enumerated() {
                    var out = byte
                    if byte >= 65 && byte <= 90 {
                        out = byte + 32
                        upper += 1
                        letters += 1
                        if letters == 1 { firstUpper = true }
                    } else if byte >= 97 && byte <= 122 {
                        letters += 1
                    } else if byte == UInt8(ascii: "-") {
                        shape |= 16
                    } else if byte == UInt8(ascii: "/") {
                        isFraction = true
                    }
                    buffer[offset] = out
                    hash ^= UInt64(out)
                    hash = hash &* 0x100_0000_01B3
                }
                return bytes.count
            }
        }
        let text: String
        if let lower {
            text = lower
        } else {
            // Non-ASCII: the scalars for the shape, Foundation for the lower case.
            let written = line.text(start, end)
            text = kind == .word ? written.lowercased() : written
            hash = IngredientLexicon.fnv(text.utf8)
            for scalar in line.scalars[start..<end] {
                if scalar == "-" { shape |= 16 }
                if scalar == "/" || scalar == "⁄" || NumberWords.vulgarFraction(scalar) != nil { isFraction = true }
                let isLetter = scalar.isASCII ? (scalar.value | 32) >= 97 && (scalar.value | 32) <= 122 : scalar.properties.isAlphabetic
                guard isLetter else { continue }
                letters += 1
                if scalar.isASCII ? scalar.value <= 90 : scalar.properties.isUppercase {
                    upper += 1
                    if letters == 1 { firstUpper = true }
                }
            }
        }
        if upper > 0 { shape |= upper == letters ? 8 : firstUpper ? 4 : 64 }
        var token = IngredientToken(lower: text, kind: kind, start: start, end: end, value: value)
        token.hash = hash
        token.suffixHash = suffixHash(text)
        token.lowercase = upper == 0
        token.isFraction = isFraction
        token.shape = shape
        if kind == .punctuation { token.mark = line.scalars[start].value }
        return token
    }

    /// FNV-1a of the last three bytes of a word (a cheap suffix).
    @inline(__always) static func suffixHash(_ lower: String) -> UInt64 {
        let utf8 = lower.utf8
        var index = utf8.endIndex
        var taken = 0
        while taken < 3, index > utf8.startIndex {
            index = utf8.index(before: index)
            taken += 1
        }
        return IngredientLexicon.fnv(utf8[index...])
    }

    /// A plural written as a bracketed ending (`pincée(s)`, `Prise(n)`) is the unit of its stem.
    static func bracketedPlural(_ lower: String) -> WordInfo? {
        guard lower.utf8.last == UInt8(ascii: ")"), let open = lower.lastIndex(of: "("), open > lower.startIndex else { return nil }
        let stem = String(lower[..<open])
        guard let info = IngredientLexicon.shared.lookup(stem, hash: IngredientLexicon.fnv(stem.utf8)), info.unit != 0 else { return nil }
        return WordInfo(flags: .unitStart, unit: info.unit)
    }

    /// French and Italian articles and prepositions that elide before a vowel (`d'`, `l'`,
    /// `dell'`, `all'`, `un'`), lower-cased.
    static let elisions: Set<String> = ["d", "l", "dell", "dall", "nell", "sull", "all", "un", "qu"]

    static func isElision(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        guard word.count <= 4 else { return false }
        var lower = ""
        for scalar in word {
            guard scalar.isASCII else { return false }
            lower.unicodeScalars.append(scalar.value >= 65 && scalar.value <= 90 ? Unicode.Scalar(scalar.value + 32)! : scalar)
        }
        return elisions.contains(lower)
    }

    /// The value of digits with at most one separator: `12`, `1.5`, `0,5`, `1,000`, `1/2`, `1⁄2`.
    static func numberValue(_ digits: ArraySlice<Unicode.Scalar>, separator: Unicode.Scalar?) -> Double? {
        func integer(_ part: ArraySlice<Unicode.Scalar>) -> Double {
            part.reduce(0.0) { $0 * 10 + digitValue($1) }
        }
        guard let separator, let split = digits.firstIndex(of: separator) else { return integer(digits) }
        let whole = digits[digits.startIndex..<split]
        let rest = digits[(split + 1)...]
        switch separator {
        case "/", "⁄":
            let denominator = integer(rest)
            return denominator == 0 ? nil : integer(whole) / denominator
        case ",":
            // `1,000` groups thousands; `0,5` and `1,25` are decimal commas.
            if rest.count == 3 && whole.first != "0" { return integer(whole) * 1000 + integer(rest) }
            fallthrough
        default:
            return integer(whole) + integer(rest) / pow10(rest.count)
        }
    }

    /// A number written the way programs write them, glued to what follows: exponent notation
    /// (`1e308`, `2.5E-3`) or hexadecimal (`0x1p1024`, `0xFF`). Read as one token, never as the
    /// number before the letter and a word (`1` and `e308`, `0` and `x1p1024`): its end, and
    /// its value when it is exponent notation whose value a kitchen can measure (1/1000 to the
    /// tokenizer's bound of 1e9), nil otherwise (a hexadecimal amount is none). Nil when the
    /// number is not followed by such a tail (`2 eggs`, `2egg`, `1er`).
    static func writtenForMachines(_ scalars: [Unicode.Scalar], start: Int, numberEnd end: Int, value: Double?) -> (end: Int, value: Double?)? {
        func isASCIIDigit(_ index: Int) -> Bool { index < scalars.count && scalars[index].value >= 48 && scalars[index].value <= 57 }
        guard end < scalars.count else { return nil }
        if scalars[end] == "e" || scalars[end] == "E" {
            var digits = end + 1
            if digits < scalars.count, scalars[digits] == "+" || scalars[digits] == "-" { digits += 1 }
            guard isASCIIDigit(digits) else { return nil }
            var tail = digits
            while isASCIIDigit(tail) { tail += 1 }
            // The exponent's digits past four say the number is no amount whatever they are.
            guard let mantissa = value, tail - digits <= 4, let exponent = Int(String(String.UnicodeScalarView(scalars[(end + 1)..<tail]))) else {
                return (tail, nil)
            }
            var number = mantissa
            for _ in 0..<abs(exponent) where number >= 0.001 && number <= 1e9 {
                number = exponent > 0 ? number * 10 : number / 10
            }
            return (tail, number >= 0.001 && number <= 1e9 ? number : nil)
        }
        if end == start + 1, scalars[start] == "0", scalars[end] == "x" || scalars[end] == "X",
           end + 1 < scalars.count, scalars[end + 1].properties.isASCIIHexDigit {
            var tail = end + 1
            while tail < scalars.count, scalars[tail].properties.isASCIIHexDigit || scalars[tail] == "." { tail += 1 }
            // A binary exponent (`p1024`, `p-3`).
            if tail < scalars.count, scalars[tail] == "p" || scalars[tail] == "P" {
                var digits = tail + 1
                if digits < scalars.count, scalars[digits] == "+" || scalars[digits] == "-" { digits += 1 }
                if isASCIIDigit(digits) {
                    tail = digits
                    while isASCIIDigit(tail) { tail += 1 }
                }
            }
            return (tail, nil)
        }
        return nil
    }

    static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// ASCII is lower-cased by hand; anything else goes through Foundation's full mapping.
    static func lowercased(_ text: String) -> String {
        var hasUpper = false
        for byte in text.utf8 {
            if byte >= 0x80 { return text.lowercased() }
            if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
        }
        guard hasUpper else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// ASCII digits, and the decimal digits of other scripts (Arabic-Indic `٢`, Persian `۲`,
    /// Devanagari `२`, full-width `２`): a quantity whatever digits the recipe writes it in.
    @inline(__always) static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value >= 48 && scalar.value <= 57 }
        return scalar.value >= 0x660 && scalar.properties.numericType == .decimal
    }

    /// The value of a digit `isDigit` accepts.
    @inline(__always) static func digitValue(_ scalar: Unicode.Scalar) -> Double {
        scalar.value < 0x80 ? Double(scalar.value - 48) : scalar.properties.numericValue ?? 0
    }

    /// `.`, `,`, `/`, `⁄`, and the Arabic decimal separator `٫`.
    @inline(__always) static func isNumberSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." || scalar == "," || scalar == "/" || scalar == "⁄" || scalar == "٫"
    }

    @inline(__always) static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || (scalar.value >= 9 && scalar.value <= 13) }
        return scalar.properties.isWhitespace || scalar.value == 0x200B || scalar.value == 0xFEFF
    }

    @inline(__always) static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (value >= 65 && value <= 90) || (value >= 97 && value <= 122)
        }
        if NumberWords.vulgarFraction(scalar) != nil { return false }
        let properties = scalar.properties
        // Letters, combining accents of decomposed text, and non-ASCII digits (`²`).
        return properties.isAlphabetic || properties.generalCategory == .nonspacingMark
            || properties.numericType != nil
    }
}
