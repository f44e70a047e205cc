import CLibXML2

/// One node of an `HTMLDocument`. Holds the document, so the node stays valid as long as the
/// element exists. Read-only.
public struct HTMLElement: @unchecked Sendable, Hashable {
    let node: xmlNodePtr
    let document: HTMLDocument

    /// Two elements are equal when they are the same node.
    public static func == (a: HTMLElement, b: HTMLElement) -> Bool { a.node == b.node }
    public func hash(into hasher: inout Hasher) { hasher.combine(UnsafeMutableRawPointer(node)) }

    /// The tag name, lower-cased (`div`), or "" for text nodes.
    public var name: String {
        guard node.pointee.type == XML_ELEMENT_NODE, let raw = node.pointee.name else { return "" }
        return String(cString: raw).lowercased()
    }

    /// The value of the attribute `name`, or nil when the element has none.
    public func attribute(_ name: String) -> String? {
        guard node.pointee.type == XML_ELEMENT_NODE, let raw = xmlGetProp(node, name) else { return nil }
        defer { larder_xml_free(raw) }
        return String(cString: raw)
    }

    /// The names of the element's attributes, lower-cased, in document order.
    public var attributeNames: [String] {
        guard node.pointee.type == XML_ELEMENT_NODE else { return [] }
        var names: [String] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            if let raw = current.pointee.name { names.append(String(cString: raw).lowercased()) }
            attribute = current.pointee.next
        }
        return names
    }

    /// Whether the `class` attribute holds this class name. Compared in place: this runs on
    /// every element of a recipe card.
    public func hasClass(_ wanted: String) -> Bool {
        guard node.pointee.type == XML_ELEMENT_NODE else { return false }
        var property = node.pointee.properties
        while let current = property {
            property = current.pointee.next
            guard let name = current.pointee.name, HTMLBytes.equalsIgnoringCase(name, "class") else { continue }
            // A value with entities in it is in several nodes: libxml2 joins them.
            guard let value = current.pointee.children, value.pointee.next == nil, let content = value.pointee.content else {
                return attribute("class").map { Self.tokens(Array($0.utf8), contain: wanted) } ?? false
            }
            return Self.tokens(HTMLBytes(content), contain: wanted)
        }
        return false
    }

    static func tokens<Bytes: Collection>(_ value: Bytes, contain wanted: String) -> Bool where Bytes.Element == UInt8 {
        var wantedBytes = wanted
        return wantedBytes.withUTF8 { token in
            var start = value.startIndex
            while start != value.endIndex {
                let end = value[start...].firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } ?? value.endIndex
                if value[start..<end].elementsEqual(token) { return true }
                start = end == value.endIndex ? end : value.index(after: end)
            }
            return false
        }
    }

    /// All text inside, as libxml2 joins it (scripts included).
    public var rawText: String {
        guard let raw = xmlNodeGetContent(node) else { return "" }
        defer { larder_xml_free(raw) }
        return String(cString: raw)
    }

    /// The text a reader sees: scripts, styles and templates left out, a line break for `<br>`
    /// and around block elements, so that steps written as paragraphs stay apart.
    public var text: String {
        var output = ""
        walk(texts: true, leave: { node in
            if Self.blocks.contains(node.name) { output += "\n" }
        }) { node in
            if let text = node.text {
                output += text.string
                return .skip
            }
            let name = node.name
            if Self.skipped.contains(name) { return .skip }
            if Self.blocks.contains(name) { output += "\n" }
            return .enter
        }
        return output
    }

    static let skipped: Set<String> = ["script", "style", "noscript", "template", "svg", "button"]
    static let blocks: Set<String> = ["p", "div", "li", "ul", "ol", "br", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article", "blockquote", "dd", "dt"]

    /// Child elements, in order.
    public var children: [HTMLElement] {
        var result: [HTMLElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(HTMLElement(node: current, document: document)) }
            child = current.pointee.next
        }
        return result
    }

    /// The element that holds this one; nil at the root.
    public var parent: HTMLElement? {
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return HTMLElement(node: parent, document: document)
    }

    /// The next element after this one among its siblings.
    public var nextSibling: HTMLElement? { firstElementSibling { $0.pointee.next } }

    /// The element before this one among its siblings.
    public var previousSibling: HTMLElement? { firstElementSibling { $0.pointee.prev } }

    /// The first element met stepping from this node through its siblings one way (text and
    /// comment nodes between elements are passed over).
    private func firstElementSibling(_ step: (xmlNodePtr) -> xmlNodePtr?) -> HTMLElement? {
        var sibling = step(node)
        while let current = sibling {
            if current.pointee.type == XML_ELEMENT_NODE { return HTMLElement(node: current, document: document) }
            sibling = step(current)
        }
        return nil
    }

    /// Elements an XPath expression selects relative to this one (`.//li`).
    public func elements(matching xpath: String) -> [HTMLElement] {
        document.evaluate(xpath, from: node)
    }

    /// Whether the node is an element (not text or a comment).
    public var isElement: Bool { node.pointee.type == XML_ELEMENT_NODE }

    /// The words of a text node; nil for an element.
    public var textContent: String? {
        guard node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE else { return nil }
        return node.pointee.content.map { String(cString: $0) } ?? ""
    }

    /// The node after this one among its siblings, text included.
    public var nextNode: HTMLElement? {
        node.pointee.next.map { HTMLElement(node: $0, document: document) }
    }

    /// The children, text included, in order.
    public var childNodes: [HTMLElement] {
        var result: [HTMLElement] = []
        var child = node.pointee.children
        while let current = child {
            result.append(HTMLElement(node: current, document: document))
            child = current.pointee.next
        }
        return result
    }

    /// 1 to 6 for `h1`–`h6`, else nil. Read off the name's bytes: this runs on every block of
    /// a section.
    public var headingLevel: Int? {
        guard node.pointee.type == XML_ELEMENT_NODE, let raw = node.pointee.name, raw[0] | 0x20 == 0x68,
              raw[1] >= 0x31, raw[1] <= 0x36, raw[2] == 0 else { return nil }
        return Int(raw[1] - 0x30)
    }

    /// Whether `ancestor` holds this node, below `limit` when one is given.
    public func isInside(_ ancestor: HTMLElement) -> Bool {
        var parent = node.pointee.parent
        while let current = parent {
            if current == ancestor.node { return true }
            parent = current.pointee.parent
        }
        return false
    }

    /// The nearest element that holds both nodes (or is one of them).
    public func commonAncestor(with other: HTMLElement) -> HTMLElement? {
        var ancestors: Set<UnsafeMutableRawPointer> = []
        var current: xmlNodePtr? = node
        while let step = current {
            ancestors.insert(UnsafeMutableRawPointer(step))
            current = step.pointee.parent
        }
        current = other.node
        while let step = current {
            if ancestors.contains(UnsafeMutableRawPointer(step)) {
                return step.pointee.type == XML_ELEMENT_NODE ? HTMLElement(node: step, document: document) : nil
            }
            current = step.pointee.parent
        }
        return nil
    }
}
