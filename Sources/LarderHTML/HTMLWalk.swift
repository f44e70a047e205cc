import CLibXML2

/// The one walk over a parsed tree: every element and run of text in document order. Everything
/// that looks at a whole page or a whole part of it goes through here — the scraper's passes,
/// `HTMLElement.text`, the section reader that reads on past a title, and `MarkupReader`'s
/// conversion of an XML file — so that the tree's pointers stay in the wrapper files and a tree
/// is walked the same way everywhere.
///
/// A visit gets an `HTMLNode`, a borrowed view of the node that is valid during the visit only
/// and costs nothing to make; `element` turns it into an `HTMLElement` to keep.
public enum WalkStep {
    /// Go on into the node's children.
    case enter
    /// Go on after the node, leaving its children out.
    case skip
    /// End the walk.
    case stop
}

extension HTMLElement {
    /// Deeply nested markup is cut off at this depth, never a crash.
    public static let maxWalkDepth = 512

    /// Visits the nodes below this element depth-first in document order: elements, and text
    /// runs too when `texts` is true. The element itself is not visited. `leave` is called
    /// after the children of each element that was entered. Elements deeper than `maxDepth`
    /// (1 is this element's children) are not visited.
    public func walk(texts: Bool = false, maxDepth: Int = maxWalkDepth, leave: ((HTMLNode) -> Void)? = nil,
                     _ visit: (HTMLNode) -> WalkStep) {
        guard let first = node.pointee.children else { return }
        TreeWalk.run(from: first, within: node, document: document, texts: texts, maxDepth: maxDepth, leave: leave, visit: visit)
    }

    /// Visits this node and everything after it in document order, to the end of the page, the
    /// way a reader's eye goes down it: when a node's children are done (or skipped), the walk
    /// goes on with its next sibling, else with the next sibling of its nearest ancestor that has
    /// one. Depths are counted from this node (1); the ancestors it climbs past are never
    /// visited, only what follows them.
    public func walkOnward(texts: Bool = false, _ visit: (HTMLNode) -> WalkStep) {
        TreeWalk.run(from: node, within: nil, document: document, texts: texts, maxDepth: Self.maxWalkDepth, leave: nil, visit: visit)
    }

    /// The first node after this one and its insides in document order (text included): where
    /// `walkOnward` goes when it skips this node.
    public var nodeAfter: HTMLElement? {
        var current = node
        while true {
            if let next = current.pointee.next { return HTMLElement(node: next, document: document) }
            guard let parent = current.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
            current = parent
        }
    }

    /// Visits the descendant elements in document order; `visit` returns false to skip an
    /// element's insides.
    public func forEachDescendant(_ visit: (HTMLElement) -> Bool) {
        walk { visit($0.element) ? .enter : .skip }
    }

    /// Whether a descendant element is one `matches` accepts.
    public func hasDescendant(where matches: (HTMLNode) -> Bool) -> Bool {
        var found = false
        walk { node in
            if matches(node) {
                found = true
                return .stop
            }
            return .enter
        }
        return found
    }

    /// The descendant elements `matches` accepts, in document order.
    public func descendants(where matches: (HTMLNode) -> Bool) -> [HTMLElement] {
        var found: [HTMLElement] = []
        walk { node in
            if matches(node) { found.append(node.element) }
            return .enter
        }
        return found
    }
}

/// The stepping behind both walks. It follows the tree's own links (first child, next sibling,
/// parent) instead of keeping a stack, so a walk allocates nothing and can start anywhere.
private enum TreeWalk {
    /// Walks from `first` (at depth 1) through its following siblings and their insides. With a
    /// `root`, the walk ends when it climbs back to it; without one, it climbs on through
    /// `first`'s ancestors to the end of the document.
    static func run(from first: xmlNodePtr, within root: xmlNodePtr?, document: HTMLDocument, texts: Bool, maxDepth: Int,
                    leave: ((HTMLNode) -> Void)?, visit: (HTMLNode) -> WalkStep) {
        var current = first
        var depth = 1
        while true {
            let type = current.pointee.type
            let isElement = type == XML_ELEMENT_NODE
            if isElement || (texts && (type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE)) {
                switch visit(HTMLNode(node: current, document: document, depth: depth)) {
                case .stop:
                    return
                case .skip:
                    break
                case .enter:
                    guard isElement else { break }
                    if depth < maxDepth, let child = current.pointee.children {
                        current = child
                        depth += 1
                        continue
                    }
                    leave?(HTMLNode(node: current, document: document, depth: depth))
                }
            }
            // On to the next sibling; after a last child, out of the parents that are done.
            while current.pointee.next == nil {
                guard let parent = current.pointee.parent, parent != root, parent.pointee.type == XML_ELEMENT_NODE else { return }
                depth -= 1
                // Below a root, every parent climbed to was entered; an onward walk, which climbs
                // out of parents it never entered, has no `leave`.
                leave?(HTMLNode(node: parent, document: document, depth: depth))
                current = parent
            }
            current = current.pointee.next!
        }
    }
}

/// A node met by `HTMLElement.walk`. Borrowed: it holds no reference to its document, so it is
/// valid only while something else does (the walk's element during a visit, or an index that
/// keeps the document).
public struct HTMLNode {
    let node: xmlNodePtr
    unowned(unsafe) let document: HTMLDocument
    /// 1 for the walked element's children, or for the node an onward walk starts at (0 and
    /// less for what follows that node's parent).
    public let depth: Int

    /// Whether the node is an element.
    public var isElement: Bool { node.pointee.type == XML_ELEMENT_NODE }
    /// Whether the node is text (or CDATA).
    public var isText: Bool { node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE }

    /// The node, kept: an element, or a text node (whose `name` is "").
    public var element: HTMLElement { HTMLElement(node: node, document: document) }

    /// The element a text run is in, or an element's parent.
    public var parent: HTMLElement? {
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return HTMLElement(node: parent, document: document)
    }

    /// Whether the element's tag is `name` (lower-case ASCII), compared without allocating.
    public func isNamed(_ name: StaticString) -> Bool {
        guard node.pointee.type == XML_ELEMENT_NODE, let raw = node.pointee.name else { return false }
        return HTMLBytes.equalsIgnoringCase(raw, name)
    }

    /// The length of an element's name and its first byte, lower-cased, read without
    /// allocating; nil for text.
    public var nameShape: (length: Int, first: UInt8)? {
        guard node.pointee.type == XML_ELEMENT_NODE, let raw = node.pointee.name else { return nil }
        return (Int(xmlStrlen(raw)), HTMLBytes.lower(raw[0]))
    }

    /// The tag name, lower-cased, or "" for text.
    public var name: String { element.name }

    /// The bytes of a text run (UTF-8), or nil for an element.
    public var text: HTMLBytes? {
        guard isText, let content = node.pointee.content else { return nil }
        return HTMLBytes(content)
    }

    /// Calls `body` with the name and value bytes of each attribute of an element, without
    /// allocating. The value is its first text (libxml2 keeps entity-free values in one).
    public func forEachAttribute(_ body: (HTMLBytes, HTMLBytes) -> Void) {
        guard node.pointee.type == XML_ELEMENT_NODE else { return }
        var attribute = node.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name {
                let value = current.pointee.children?.pointee.content.map { HTMLBytes(UnsafePointer($0)) } ?? HTMLBytes()
                body(HTMLBytes(name), value)
            }
            attribute = current.pointee.next
        }
    }
}

/// Bytes that libxml2 holds (a name, a text run, an attribute's value), read in place as a
/// collection of UTF-8 code units. Valid while the document is.
public struct HTMLBytes: RandomAccessCollection {
    let base: UnsafePointer<UInt8>?
    public let count: Int

    init(_ cString: UnsafePointer<xmlChar>) {
        base = UnsafePointer(cString)
        count = Int(xmlStrlen(cString))
    }

    init() {
        base = nil
        count = 0
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> UInt8 { base![position] }

    /// The bytes as a buffer, for scanning them in a tight loop.
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes as a string (UTF-8, invalid bytes replaced).
    public var string: String { base.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? "" }

    /// Whether the bytes are `literal`, ASCII letters compared without case.
    public func equalsIgnoringCase(_ literal: StaticString) -> Bool {
        guard count == literal.utf8CodeUnitCount, let base else { return count == 0 && literal.utf8CodeUnitCount == 0 }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for index in 0..<count where HTMLBytes.lower(base[index]) != HTMLBytes.lower(expected[index]) { return false }
        return true
    }

    /// Whether `word` (lower-case ASCII) is in the bytes; with `ignoringCase`, ASCII letters of
    /// the bytes are compared without case.
    public func contains(_ word: StaticString, ignoringCase: Bool = true) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard count >= needle.count, let base else { return needle.isEmpty }
        for start in 0...(count - needle.count) {
            var offset = 0
            while offset < needle.count, (ignoringCase ? Self.lower(base[start + offset]) : base[start + offset]) == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    static func equalsIgnoringCase(_ cString: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for (offset, byte) in expected.enumerated() where lower(cString[offset]) != byte { return false }
        return cString[expected.count] == 0
    }
}
