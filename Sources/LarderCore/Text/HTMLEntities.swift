/// Decodes HTML character references (`&amp;`, `&#189;`, `&#x2019;`) in text that came from web
/// pages or JSON-LD. Named references cover the ones recipe pages actually use; an unknown name
/// is left as written rather than guessed.
public enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "sbquo": "‚", "bdquo": "„", "laquo": "«", "raquo": "»", "deg": "°",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔",
        "frac15": "⅕", "frac16": "⅙", "frac18": "⅛", "frac38": "⅜", "frac58": "⅝", "frac78": "⅞",
        "times": "×", "divide": "÷", "plusmn": "±", "middot": "·", "bull": "•", "copy": "©",
        "reg": "®", "trade": "™", "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë",
        "aacute": "á", "agrave": "à", "acirc": "â", "auml": "ä", "atilde": "ã", "aring": "å",
        "iacute": "í", "igrave": "ì", "icirc": "î", "iuml": "ï", "oacute": "ó", "ograve": "ò",
        "ocirc": "ô", "ouml": "ö", "otilde": "õ", "oslash": "ø", "uacute": "ú", "ugrave": "ù",
        "ucirc": "û", "uuml": "ü", "ntilde": "ñ", "ccedil": "ç", "szlig": "ß", "aelig": "æ",
        "oelig": "œ", "Eacute": "É", "Egrave": "È", "Agrave": "À", "Auml": "Ä", "Ouml": "Ö",
        "Uuml": "Ü", "Ccedil": "Ç", "Ntilde": "Ñ", "shy": "\u{00AD}", "zwj": "\u{200D}",
        "zwnj": "\u{200C}", "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}",
        "cent": "¢", "pound": "£", "euro": "€", "yen": "¥", "sect": "§", "para": "¶",
        "micro": "µ", "frasl": "⁄", "prime": "′", "Prime": "″", "iexcl": "¡", "iquest": "¿",
    ]

    /// `text` with its character references decoded; unknown names stay as written.
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(0x26) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                output.append(character)
                index = text.index(after: index)
                continue
            }
            let body = text[text.index(after: index)..<semicolon]
            if let decoded = decodeReference(body) {
                output += decoded
                index = text.index(after: semicolon)
            } else {
                output.append(character)
                index = text.index(after: index)
            }
        }
        return output
    }

    private static func decodeReference(_ body: Substring) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let scalarValue: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                scalarValue = UInt32(digits.dropFirst(), radix: 16)
            } else {
                scalarValue = UInt32(digits, radix: 10)
            }
            // Control characters and invalid scalars become nothing visible: drop them.
            guard let value = scalarValue, let scalar = Unicode.Scalar(value), value >= 0x20 || value == 0x0A || value == 0x09 else {
                return scalarValue == nil ? nil : ""
            }
            return String(Character(scalar))
        }
        return named[String(body)]
    }
}
