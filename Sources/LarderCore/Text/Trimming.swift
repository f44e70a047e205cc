import Foundation

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
                // memchr finds each candidate first byte: a text of 60 MB without one is one
                // pass at memory speed.
                while index <= last, let found = bytes.firstIndex(ofByte: first, from: index, through: last) {
                    var offset = 1
                    while offset < wanted.count, bytes[found + offset] == wanted[offset] { offset += 1 }
                    if offset == wanted.count { return true }
                    index = found + 1
                }
                return false
            }
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The index of the first `byte` in `start...end` (memchr), or nil.
    func firstIndex(ofByte byte: UInt8, from start: Int, through end: Int) -> Int? {
        guard let base = baseAddress, start <= end, end < count else { return nil }
        guard let found = memchr(base + start, Int32(byte), end - start + 1) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
