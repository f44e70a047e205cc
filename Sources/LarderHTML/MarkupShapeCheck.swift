import Foundation
import LarderCore

/// Reads a page's or an XML file's bytes once, before libxml2 does, and refuses the shapes on
/// which libxml2 2.9.14 (Debian 12's) spends more than linear time, naming the limit
/// (`InputLimits`):
///
/// - **attributes of one element**: libxml2 compares each attribute with every earlier one of
///   its element, and a page's tree appends each by walking the element's list: 100,000
///   attributes on one element (1.1 MB) took 19 s, a million would take half an hour;
/// - **different names**: every element, attribute, entity and processing-instruction name (and
///   in a page, each run of 16 to 59 blanks between two tags) goes into one dictionary whose
///   table stops growing at 16,384 slots, so past that every look-up walks a longer chain:
///   500,000 different element names (5 MB) took 6 s, a million 33 s;
/// - **namespace declarations in scope** (XML): every prefixed name is looked up through all of
///   them, so 200 levels of 256 declarations over a file of prefixed elements is hours.
///
/// The scan is linear in the bytes, and it reads them the way libxml2 tokenizes them closely
/// enough to count at least what libxml2 would: comments, CDATA sections, processing
/// instructions and declarations are passed over, and so is the content of `<script>` and
/// `<style>` in a page, which libxml2 reads as raw text. The bytes must be UTF-8 (or any
/// encoding whose ASCII bytes are ASCII), which `MarkupEncoding` makes sure of: the same bytes
/// then go to libxml2.
///
/// Other costs grow with the depth of the elements open at a time (an end tag that closes
/// nothing is looked for among all of them); libxml2 stops a document at 256 levels, which
/// bounds them: `Benchmarks/hostile-inputs.sh` measures the worst of those.
struct MarkupShapeCheck {
    enum Dialect { case html, xml }

    /// Throws the first limit the bytes go over. `per` names what a whole document is in the
    /// message ("page", "file").
    static func check(_ data: Data, dialect: Dialect, limits: InputLimits, per document: String) throws(InputLimits.Exceeded) {
        let failure: InputLimits.Exceeded? = data.withUnsafeBytes { raw in
            var scan = MarkupShapeCheck(bytes: raw.bindMemory(to: UInt8.self), dialect: dialect, limits: limits, document: document)
            do throws(InputLimits.Exceeded) { try scan.run() } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let dialect: Dialect
    let limits: InputLimits
    let document: String
    var position = 0
    /// Where the current run of text began (after the last tag), for the blank runs a page's
    /// tree keeps in the dictionary.
    var textStart = 0
    var names = NameSet()
    /// Whether an XML file's root element has begun: a `<!DOCTYPE` after it is text.
    var inContent = false
    /// For each open XML element, how many namespaces it declares; `namespacesInScope` is their sum.
    var declarations: [Int] = []
    var namespacesInScope = 0

    init(bytes: UnsafeBufferPointer<UInt8>, dialect: Dialect, limits: InputLimits, document: String) {
        self.bytes = bytes
        self.dialect = dialect
        self.limits = limits
        self.document = document
    }

    mutating func run() throws(InputLimits.Exceeded) {
        while position < bytes.count {
            switch bytes[position] {
            case Byte.lessThan:
                try blankRunBeforeTag()
                try markup()
                textStart = position
            case Byte.ampersand:
                try reference()
            default:
                position += 1
            }
        }
    }

    // MARK: - Constructs

    /// At `<`: whatever libxml2 makes of what follows. Where libxml2 gives up on a construct
    /// and reads on as text, so does this scan, so that nothing it reads is passed over here.
    mutating func markup() throws(InputLimits.Exceeded) {
        switch byte(at: position + 1) {
        case Byte.exclamation:
            if starts(with: "<!--") {
                skip(past: "-->", from: position + 4)
            } else if dialect == .xml, inContent, starts(with: "<![CDATA[") {
                skip(past: "]]>", from: position + 9)
            } else if startsDoctype(), dialect == .html || !inContent {
                // A doctype's quoted ids may hold `>`: libxml2 reads at least this far.
                skip(past: ">", from: position + 2)
            } else {
                position += 1
            }
        case Byte.question:
            guard let target = name(at: position + 2) else { position += 2; return }
            try insert(target, folded: false)
            skip(past: dialect == .xml ? "?>" : ">", from: target.upperBound)
        case Byte.slash:
            try endTag()
        case let next? where dialect == .html ? isLetter(next) : isNameStart(next):
            try startTag()
        default:
            position += 1
        }
    }

    mutating func endTag() throws(InputLimits.Exceeded) {
        guard let name = dialect == .html ? htmlName(at: position + 2) : name(at: position + 2) else { position += 2; return }
        try insert(name, folded: dialect == .html)
        position = name.upperBound
        skipBlanks()
        switch dialect {
        case .html:
            skip(past: ">", from: position)
        case .xml:
            if byte(at: position) == Byte.greaterThan { position += 1 }
            if let declared = declarations.popLast() { namespacesInScope -= declared }
        }
    }

    /// A start tag: its name, then its attributes up to `>` or `/>`.
    mutating func startTag() throws(InputLimits.Exceeded) {
        let tagName = (dialect == .html ? htmlName(at: position + 1) : name(at: position + 1)) ?? (position + 1..<position + 2)
        try insert(tagName, folded: dialect == .html)
        position = tagName.upperBound
        inContent = true
        var attributes = AttributeCount(limit: limits.maxAttributesPerElement)
        let ending = dialect == .html ? try htmlAttributes(&attributes) : try xmlAttributes(&attributes)
        // Counted to the end of the tag, so the message says how many there are.
        if attributes.count > limits.maxAttributesPerElement {
            throw InputLimits.Exceeded("attributes on one element", found: attributes.count, limit: limits.maxAttributesPerElement, per: "element")
        }
        switch dialect {
        case .xml:
            let inScope = namespacesInScope + attributes.declarations
            if inScope > limits.maxNamespacesInScope {
                throw InputLimits.Exceeded("namespace declarations in scope", found: inScope, limit: limits.maxNamespacesInScope, per: "element")
            }
            // A tag libxml2 could not end is dropped with its declarations.
            if ending == .open {
                declarations.append(attributes.declarations)
                namespacesInScope = inScope
            }
        case .html:
            // libxml2 reads a script's or a style's content as raw text, up to its end tag.
            if ending == .open, equals(tagName, "script", folded: true) || equals(tagName, "style", folded: true) {
                skipRawText(until: tagName)
            }
        }
    }

    enum TagEnding { case open, selfClosing, broken }

    struct AttributeCount {
        let limit: Int
        var count = 0
        var declarations = 0
        var counting: Bool { count <= limit }
    }

    /// A page's attributes as libxml2's HTML parser reads them: a name (at most 100 characters;
    /// the rest begins another), maybe `=` and a value, quoted or up to a blank or `>`; anything
    /// else is skipped up to a blank.
    mutating func htmlAttributes(_ attributes: inout AttributeCount) throws(InputLimits.Exceeded) -> TagEnding {
        while true {
            skipBlanks()
            guard let current = byte(at: position) else { return .broken }
            if current == Byte.greaterThan { position += 1; return .open }
            if current == Byte.slash, byte(at: position + 1) == Byte.greaterThan { position += 2; return .selfClosing }
            guard let attributeName = htmlName(at: position) else {
                while let byte = byte(at: position), !isBlank(byte), byte != Byte.greaterThan,
                      !(byte == Byte.slash && self.byte(at: position + 1) == Byte.greaterThan) { position += 1 }
                continue
            }
            attributes.count += 1
            if attributes.counting { try insert(attributeName, folded: true) }
            position = attributeName.upperBound
            skipBlanks()
            guard byte(at: position) == Byte.equals else { continue }
            position += 1
            skipBlanks()
            if let quote = byte(at: position), quote == Byte.quote || quote == Byte.apostrophe {
                _ = try quotedValue(stoppingAtTag: false)
            } else {
                while let byte = byte(at: position), !isBlank(byte), byte != Byte.greaterThan {
                    if byte == Byte.ampersand { try reference() } else { position += 1 }
                }
            }
        }
    }

    /// An XML file's attributes as libxml2 reads them: each a name, `=` and a quoted value, one
    /// blank or more between two. Where libxml2 finds something else it ends the tag and reads
    /// on from there as content, and so does this scan.
    mutating func xmlAttributes(_ attributes: inout AttributeCount) throws(InputLimits.Exceeded) -> TagEnding {
        skipBlanks()
        while true {
            guard let current = byte(at: position) else { return .broken }
            if current == Byte.greaterThan { position += 1; return .open }
            if current == Byte.slash, byte(at: position + 1) == Byte.greaterThan { position += 2; return .selfClosing }
            guard let attributeName = name(at: position) else { return .broken }
            attributes.count += 1
            let isDeclaration = equals(attributeName, "xmlns") || starts(attributeName, with: "xmlns:")
            if isDeclaration { attributes.declarations += 1 }
            if attributes.counting { try insert(attributeName, folded: false) }
            position = attributeName.upperBound
            skipBlanks()
            if byte(at: position) == Byte.equals {
                position += 1
                skipBlanks()
                if let quote = byte(at: position), quote == Byte.quote || quote == Byte.apostrophe {
                    guard let value = try quotedValue(stoppingAtTag: true) else { return .broken }
                    // A namespace's address goes into the dictionary as well.
                    if isDeclaration, attributes.counting { try insert(value, folded: false) }
                }
            }
            guard let next = byte(at: position) else { return .broken }
            if next == Byte.greaterThan || next == Byte.slash && byte(at: position + 1) == Byte.greaterThan { continue }
            guard isBlank(next) else { return .broken }
            skipBlanks()
        }
    }

    /// At `&`: a character reference (nothing kept), or an entity reference, whose name goes
    /// into the dictionary whether or not the entity exists.
    mutating func reference() throws(InputLimits.Exceeded) {
        position += 1
        if byte(at: position) == Byte.hash { position += 1; return }
        if let name = name(at: position) {
            try insert(name, folded: false)
            position = name.upperBound
        }
    }

    /// A quoted attribute value, from its quote to the matching one (or the end), its entity
    /// references counted like those in text; the value without its quotes. In XML a `<` ends
    /// it unfinished (nil), where libxml2 gives up on the tag and reads on from the `<`.
    mutating func quotedValue(stoppingAtTag: Bool) throws(InputLimits.Exceeded) -> Range<Int>? {
        let quote = bytes[position]
        position += 1
        let start = position
        while let byte = byte(at: position), byte != quote {
            if byte == Byte.lessThan, stoppingAtTag { return nil }
            if byte == Byte.ampersand { try reference() } else { position += 1 }
        }
        let value = start..<min(position, bytes.count)
        position = min(position + 1, bytes.count)
        return value
    }

    /// A page's tree keeps a run of 16 to 59 blanks between two tags in the dictionary (shorter
    /// ones are stored in the node itself): each different run is one more name.
    mutating func blankRunBeforeTag() throws(InputLimits.Exceeded) {
        guard dialect == .html, (16...59).contains(position - textStart), byte(at: position + 1) != Byte.exclamation else { return }
        for index in textStart..<position where !isBlank(bytes[index]) { return }
        try insert(textStart..<position, folded: false)
    }

    // MARK: - Moving on

    mutating func skipBlanks() {
        while position < bytes.count, isBlank(bytes[position]) { position += 1 }
    }

    /// Moves past the next `marker` at or after `from`, or to the end.
    mutating func skip(past marker: StaticString, from start: Int) {
        position = (find(marker, from: start).map { $0 + marker.utf8CodeUnitCount }) ?? bytes.count
    }

    /// Moves to the end tag of a raw-text element (`</script`, any case), or to the end.
    mutating func skipRawText(until tagName: Range<Int>) {
        var index = position
        while let open = find("</", from: index) {
            let candidate = open + 2
            if candidate + tagName.count <= bytes.count,
               (0..<tagName.count).allSatisfy({ lowered(bytes[candidate + $0]) == lowered(bytes[tagName.lowerBound + $0]) }) {
                position = open
                return
            }
            index = candidate
        }
        position = bytes.count
    }

    func find(_ marker: StaticString, from start: Int) -> Int? {
        let length = marker.utf8CodeUnitCount
        let first = marker.utf8Start[0]
        var index = start
        while index + length <= bytes.count {
            if bytes[index] == first, (1..<length).allSatisfy({ bytes[index + $0] == marker.utf8Start[$0] }) { return index }
            index += 1
        }
        return nil
    }

    // MARK: - Names

    /// The name that starts at `start`, if one does: a letter, `_`, `:` or any byte of a
    /// character beyond ASCII, then those and digits, `-` and `.`.
    func name(at start: Int) -> Range<Int>? {
        guard let first = byte(at: start), isNameStart(first) else { return nil }
        var end = start + 1
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        return start..<end
    }

    /// A name as libxml2's HTML parser reads one: an ASCII letter, `_`, `:` or `.`, then those,
    /// digits and `-`, at most 100 characters (what follows begins another name).
    func htmlName(at start: Int) -> Range<Int>? {
        guard let first = byte(at: start), isLetter(first) || first == Byte.underscore || first == Byte.colon || first == Byte.dot else { return nil }
        var end = start + 1
        while end < bytes.count, end - start < 100, let byte = byte(at: end),
              isLetter(byte) || byte >= 0x30 && byte <= 0x39 || byte == Byte.colon || byte == Byte.hyphen || byte == Byte.underscore || byte == Byte.dot {
            end += 1
        }
        return start..<end
    }

    mutating func insert(_ range: Range<Int>, folded: Bool) throws(InputLimits.Exceeded) {
        names.insert(range, of: bytes, folded: folded)
        if names.count > limits.maxMarkupNames {
            throw InputLimits.Exceeded("different names (of elements, attributes and entities)", limit: limits.maxMarkupNames, per: document)
        }
    }

    // MARK: - Bytes

    func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    func starts(with text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        return (0..<length).allSatisfy { bytes[position + $0] == text.utf8Start[$0] }
    }

    func starts(_ range: Range<Int>, with text: StaticString) -> Bool {
        range.count >= text.utf8CodeUnitCount && (0..<text.utf8CodeUnitCount).allSatisfy { bytes[range.lowerBound + $0] == text.utf8Start[$0] }
    }

    func equals(_ range: Range<Int>, _ text: StaticString, folded: Bool = false) -> Bool {
        range.count == text.utf8CodeUnitCount && (0..<range.count).allSatisfy {
            let byte = bytes[range.lowerBound + $0]
            return (folded ? lowered(byte) : byte) == text.utf8Start[$0]
        }
    }

    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    func isNameStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == Byte.underscore || byte == Byte.colon || byte >= 0x80
    }

    /// `<!DOCTYPE`, in any case.
    func startsDoctype() -> Bool {
        let word = Array("DOCTYPE".utf8)
        guard position + 2 + word.count <= bytes.count else { return false }
        return (0..<word.count).allSatisfy { bytes[position + 2 + $0] & 0xDF == word[$0] }
    }

    func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || byte >= 0x30 && byte <= 0x39 || byte == Byte.hyphen || byte == Byte.dot
    }

    enum Byte {
        static let lessThan: UInt8 = 0x3C, greaterThan: UInt8 = 0x3E, ampersand: UInt8 = 0x26, exclamation: UInt8 = 0x21
        static let question: UInt8 = 0x3F, slash: UInt8 = 0x2F, quote: UInt8 = 0x22, apostrophe: UInt8 = 0x27
        static let equals: UInt8 = 0x3D, hash: UInt8 = 0x23, underscore: UInt8 = 0x5F, colon: UInt8 = 0x3A
        static let hyphen: UInt8 = 0x2D, dot: UInt8 = 0x2E
    }
}

@inline(__always) func lowered(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

/// The different names met so far, as ranges of the scanned bytes (nothing copied), in an
/// open-addressed table. Hashed with Swift's `Hasher`, which is seeded anew in every process, so
/// no file can be made of names that all land in one slot. The name met last is remembered, as
/// most names come again at once (an end tag after its start tag).
struct NameSet {
    private struct Slot { var hash: Int; var start: Int; var count: Int }
    private var slots: [Slot] = Array(repeating: Slot(hash: 0, start: 0, count: -1), count: 1024)
    private var last = Slot(hash: 0, start: 0, count: -1)
    private(set) var count = 0
    /// The folded copy of the name being looked up (HTML names are ASCII-lower-cased).
    private var folded: [UInt8] = []

    /// Names met lately, by a cheap index of their length and a few bytes: a page names the same
    /// few dozen elements and attributes thousands of times, and a name found here is known
    /// without hashing it. Only known names are filed here, so a hit is always right; a file
    /// whose names all share one index only misses, and pays the full look-up it paid anyway.
    private var recent: [Slot] = Array(repeating: Slot(hash: 0, start: 0, count: -1), count: 256)

    /// Names are compared as bytes; a folded name is compared by its lower-cased bytes, and
    /// kept as the range of a name met first, so two spellings of one HTML name are one.
    mutating func insert(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, folded fold: Bool) {
        guard let base = bytes.baseAddress else { return }
        guard !range.isEmpty else { return insertHashed(range, of: bytes, folded: fold) }
        let first = fold ? lowered(base[range.lowerBound]) : base[range.lowerBound]
        let last = fold ? lowered(base[range.upperBound - 1]) : base[range.upperBound - 1]
        let index = (range.count &* 31 &+ Int(first) &* 7 &+ Int(last)) & (recent.count - 1)
        let seen = recent[index]
        if seen.count == range.count, sameBytes(seen.start, range.lowerBound, count: range.count, base: base, folded: fold) { return }
        insertHashed(range, of: bytes, folded: fold)
        recent[index] = self.last
    }

    /// Whether the names at two places of the scanned bytes are the same (lower-cased, when folded).
    private func sameBytes(_ a: Int, _ b: Int, count: Int, base: UnsafePointer<UInt8>, folded: Bool) -> Bool {
        if folded {
            for offset in 0..<count where lowered(base[a + offset]) != lowered(base[b + offset]) { return false }
            return true
        }
        return memcmp(base + a, base + b, count) == 0
    }

    private mutating func insertHashed(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, folded fold: Bool) {
        guard let base = bytes.baseAddress else { return }
        let name: UnsafeRawBufferPointer
        if fold {
            folded.removeAll(keepingCapacity: true)
            for index in range { folded.append(lowered(bytes[index])) }
            folded.withUnsafeBytes { insert($0, at: range, base: base, folded: true) }
        } else {
            name = UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
            insert(name, at: range, base: base, folded: false)
        }
    }

    private mutating func insert(_ name: UnsafeRawBufferPointer, at range: Range<Int>, base: UnsafePointer<UInt8>, folded: Bool) {
        if last.count == name.count, same(last, name, base: base, folded: folded) { return }
        var hasher = Hasher()
        hasher.combine(bytes: name)
        let hash = hasher.finalize()
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot].count >= 0 {
            let held = slots[slot]
            if held.hash == hash, held.count == name.count, same(held, name, base: base, folded: folded) {
                last = held
                return
            }
            slot = (slot + 1) & mask
        }
        // A folded name is kept by its first spelling: compared folded again when met.
        slots[slot] = Slot(hash: hash, start: range.lowerBound, count: name.count)
        last = slots[slot]
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Whether a held name has these bytes; a folded name (lower-cased already) is compared
    /// with the held one's bytes lower-cased.
    private func same(_ held: Slot, _ name: UnsafeRawBufferPointer, base: UnsafePointer<UInt8>, folded: Bool) -> Bool {
        if folded {
            for index in 0..<held.count where lowered(base[held.start + index]) != name[index] { return false }
            return true
        }
        return memcmp(base + held.start, name.baseAddress!, held.count) == 0
    }

    private mutating func grow() {
        let held = slots.filter { $0.count >= 0 }
        slots = Array(repeating: Slot(hash: 0, start: 0, count: -1), count: slots.count * 2)
        let mask = slots.count - 1
        for entry in held {
            var slot = entry.hash & mask
            while slots[slot].count >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
