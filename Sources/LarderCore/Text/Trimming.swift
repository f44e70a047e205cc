extension StringProtocol {
    /// Without white space (and line breaks) at both ends. Foundation's
    /// `trimmingCharacters(in:)` bridges through NSString on Linux, which showed up in every
    /// profile of reading recipes.
    public var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}

extension String {
    /// Whether `needle` occurs in the string, compared byte by byte (UTF-8). `String.contains`
    /// goes through NSString on Linux once Foundation is imported, and the standard library's
    /// generic `firstRange(of:)` is slower still; this is a plain loop over the bytes.
    public func containsBytes(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { bytes in
            needle.withUTF8 { wanted in
                guard !wanted.isEmpty else { return true }
                guard bytes.count >= wanted.count else { return false }
                let first = wanted[0]
                var index = 0
                let last = bytes.count - wanted.count
                while index <= last {
                    if bytes[index] == first {
                        var offset = 1
                        while offset < wanted.count, bytes[index + offset] == wanted[offset] { offset += 1 }
                        if offset == wanted.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
