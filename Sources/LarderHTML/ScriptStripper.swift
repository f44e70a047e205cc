import Foundation

/// Empties `<script>`, `<style>` and `<svg>` elements before libxml2 parses a page: on modern
/// recipe pages they are half the bytes, and libxml2 reads them character by character, yet no
/// extractor looks inside them. Scripts that hold JSON-LD are kept whole. The tags themselves
/// stay, so the tree has the same shape.
///
/// Scripts that hold the state a JavaScript framework renders the page from (`__NEXT_DATA__`,
/// Nuxt's `__NUXT_DATA__`, `window.__INITIAL_STATE__ = {…}`) are emptied too, and their data
/// handed over beside the page: it is JSON, which needs no HTML parser.
enum ScriptStripper {
    /// The data of one page-state script: its name and the JSON text.
    struct PageState: Sendable, Equatable {
        var name: String
        var json: String
    }

    static func strip(_ data: Data) -> Data { stripAndKeepState(data).data }

    static func stripAndKeepState(_ data: Data) -> (data: Data, pageState: [PageState]) {
        var states: [PageState] = []
        let stripped = data.withUnsafeBytes { raw -> Data in
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
                    if name == names[0], let state = pageState(bytes, tag: open..<tagEnd, content: contentStart..<close) { states.append(state) }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<contentStart]))
                    copiedUpTo = close
                }
                index = close + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<bytes.count]))
            return output
        }
        return (stripped, states)
    }

    /// Script ids whose content is a framework's page state as JSON.
    static let stateIDs = [Array("__NEXT_DATA__".utf8), Array("__NUXT_DATA__".utf8)]
    static let windowPrefix = Array("window.__".utf8)

    /// The page state a script holds: a JSON script named by its id, or an assignment
    /// `window.__NAME__ = {…};` of a JSON value.
    static func pageState(_ bytes: UnsafeBufferPointer<UInt8>, tag: Range<Int>, content: Range<Int>) -> PageState? {
        let tagBytes = UnsafeBufferPointer(rebasing: bytes[tag])
        for id in stateIDs where find(id, in: tagBytes) {
            return PageState(name: String(decoding: id, as: UTF8.self), json: String(decoding: UnsafeBufferPointer(rebasing: bytes[content]), as: UTF8.self))
        }
        var start = content.lowerBound
        while start < content.upperBound, isSpace(bytes[start]) { start += 1 }
        guard content.upperBound - start > windowPrefix.count, bytes[start..<start + windowPrefix.count].elementsEqual(windowPrefix) else { return nil }
        // The name: capitals, digits and underscores, ending in "__".
        var end = start + windowPrefix.count
        while end < content.upperBound, bytes[end] == 0x5F || bytes[end] >= 0x41 && bytes[end] <= 0x5A || bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 7)..<end]), as: UTF8.self)
        guard name.hasSuffix("__"), name.count > 4 else { return nil }
        var value = end
        while value < content.upperBound, isSpace(bytes[value]) { value += 1 }
        guard value < content.upperBound, bytes[value] == 0x3D else { return nil }
        value += 1
        while value < content.upperBound, isSpace(bytes[value]) { value += 1 }
        // Only a JSON value: `{` or `[`, not a function call (Nuxt 2's `(function(a,b){…})`).
        guard value < content.upperBound, bytes[value] == 0x7B || bytes[value] == 0x5B else { return nil }
        var last = content.upperBound
        while last > value, isSpace(bytes[last - 1]) || bytes[last - 1] == 0x3B { last -= 1 }
        return PageState(name: name, json: String(decoding: UnsafeBufferPointer(rebasing: bytes[value..<last]), as: UTF8.self))
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
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
