import Foundation

/// Empties `<script>`, `<style>` and `<svg>` elements before libxml2 parses a page: on modern
/// recipe pages they are half the bytes, and libxml2 reads them character by character, yet no
/// extractor looks inside them. Scripts that hold JSON-LD are kept whole. The tags themselves
/// stay, so the tree has the same shape.
enum ScriptStripper {
    static func strip(_ data: Data) -> Data {
        data.withUnsafeBytes { raw -> Data in
            let bytes = raw.bindMemory(to: UInt8.self)
            var output = Data()
            output.reserveCapacity(bytes.count)
            var copiedUpTo = 0
            var index = 0
            while let open = nextTagStart(in: bytes, from: index) {
                guard let (name, tagEnd) = elementToEmpty(in: bytes, at: open) else {
                    index = open + 1
                    continue
                }
                let contentStart = tagEnd + 1
                guard let close = find(closingTagOf: name, in: bytes, from: contentStart) else { break }
                if !keepsContent(bytes, from: open, to: tagEnd) {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<contentStart]))
                    copiedUpTo = close
                }
                index = close + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<bytes.count]))
            return output
        }
    }

    static let names: [[UInt8]] = [Array("script".utf8), Array("style".utf8), Array("svg".utf8)]

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    static func nextTagStart(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, 0x3C, bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// When `<` at `open` starts `<script`, `<style` or `<svg`: the name and the index of the
    /// tag's closing `>`.
    static func elementToEmpty(in bytes: UnsafeBufferPointer<UInt8>, at open: Int) -> ([UInt8], Int)? {
        for name in names {
            let end = open + 1 + name.count
            guard end < bytes.count else { continue }
            var matches = true
            for (offset, letter) in name.enumerated() where lower(bytes[open + 1 + offset]) != letter {
                matches = false
                break
            }
            // The name must end there: `<scripts` or `<styled-thing` are other elements.
            guard matches, [0x20, 0x3E, 0x09, 0x0A, 0x0D, 0x2F].contains(bytes[end]) else { continue }
            var index = end
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == 0x22 || byte == 0x27 {
                    quote = byte
                } else if byte == 0x3E {
                    // A self-closed `<svg … />` has no content to empty.
                    return bytes[index - 1] == 0x2F ? nil : (name, index)
                }
                index += 1
            }
            return nil
        }
        return nil
    }

    /// The index of `</name` after `start`, case-insensitively.
    static func find(closingTagOf name: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while let open = nextTagStart(in: bytes, from: index) {
            guard open + 2 + name.count <= bytes.count else { return nil }
            if bytes[open + 1] == 0x2F {
                var matches = true
                for (offset, letter) in name.enumerated() where lower(bytes[open + 2 + offset]) != letter {
                    matches = false
                    break
                }
                if matches { return open }
            }
            index = open + 1
        }
        return nil
    }

    /// JSON-LD (and other JSON data blocks a recipe might live in) are kept.
    static func keepsContent(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let needle = Array("ld+json".utf8)
        guard end - start >= needle.count else { return false }
        for index in start...(end - needle.count) {
            var matches = true
            for (offset, letter) in needle.enumerated() where lower(bytes[index + offset]) != letter {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }
}
