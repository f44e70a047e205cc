extension StringProtocol {
    /// Letters and digits only, lower-cased, for telling whether two texts say the same thing
    /// whatever their spacing, punctuation or case: "Tasting History" and "tastinghistory",
    /// a card's "▢ 2 eggs, beaten" and the structured "2 eggs beaten".
    var comparisonKey: String {
        // Scalar by scalar, ASCII without a table lookup: this runs on every list item of a page.
        var key = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                if value >= 0x61 && value <= 0x7A || value >= 0x30 && value <= 0x39 {
                    key.append(scalar)
                } else if value >= 0x41 && value <= 0x5A {
                    key.append(Unicode.Scalar(value + 0x20)!)
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                key.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(key)
    }
}

enum TextSimilarity {
    /// Whether two comparison keys say nearly the same thing: the share of letter pairs they
    /// have in common (Dice's coefficient) is at least `threshold`. "¾ cup butter (170 g),
    /// softened" on the page and "¾ cup butter, softened" in the structured data are the same
    /// line.
    static func similar(_ a: String, _ b: String, threshold: Double = 0.75) -> Bool {
        if a == b { return true }
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        guard x.count >= 4, y.count >= 4 else { return false }
        let shorter = min(x.count, y.count), longer = max(x.count, y.count)
        guard Double(shorter) >= Double(longer) * threshold / (2 - threshold) else { return false }
        var pairs: [UInt64: Int] = [:]
        for index in 0..<(x.count - 1) { pairs[UInt64(x[index].value) << 32 | UInt64(x[index + 1].value), default: 0] += 1 }
        var common = 0
        for index in 0..<(y.count - 1) {
            let pair = UInt64(y[index].value) << 32 | UInt64(y[index + 1].value)
            if let count = pairs[pair], count > 0 {
                pairs[pair] = count - 1
                common += 1
            }
        }
        return Double(2 * common) / Double(x.count + y.count - 2) >= threshold
    }
}

enum ComparisonKeys {
    /// The comparison key of all the text inside an element (as `rawText` holds it), when that
    /// text is shorter than `limit` characters; nil for longer text. Read off the text's bytes
    /// when they are ASCII, which most list items are: this runs on every list item of a page.
    static func key(of element: HTMLElement, under limit: Int) -> String? {
        var bytes: [UInt8] = []
        var ascii = true
        element.walk(texts: true) { node in
            guard let text = node.text else { return .enter }
            for byte in text {
                if byte >= 0x80 { ascii = false }
                bytes.append(byte)
            }
            // Bytes are at least as many as characters: past the limit in characters too, when ASCII.
            return ascii && bytes.count >= limit ? .stop : .skip
        }
        guard ascii else {
            let text = String(decoding: bytes, as: UTF8.self)
            return text.count < limit ? text.comparisonKey : nil
        }
        guard bytes.count < limit else { return nil }
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte >= 0x61 && byte <= 0x7A || byte >= 0x30 && byte <= 0x39 {
                key.append(byte)
            } else if byte >= 0x41 && byte <= 0x5A {
                key.append(byte + 0x20)
            }
        }
        return String(decoding: key, as: UTF8.self)
    }
}
