import CLibXML2

/// One node of an `HTMLDocument`. Holds the document, so the node stays valid as long as the
/// element exists. Read-only.
public struct HTMLElement: @unchecked Sendable {
    let node: xmlNodePtr
    let document: HTMLDocument

    /// The tag name, lower-cased (`div`), or "" for text nodes.
    public var name: String {
        guard node.pointee.type == XML_ELEMENT_NODE, let raw = node.pointee.name else { return "" }
        return String(cString: raw).lowercased()
    }

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

    /// Whether the `class` attribute holds this class name.
    public func hasClass(_ wanted: String) -> Bool {
        guard let classes = attribute("class") else { return false }
        return classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { $0 == wanted }
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
        Self.appendText(of: node, to: &output, depth: 0)
        return output
    }

    static let skipped: Set<String> = ["script", "style", "noscript", "template", "svg", "button"]
    static let blocks: Set<String> = ["p", "div", "li", "ul", "ol", "br", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article", "blockquote", "dd", "dt"]

    static func appendText(of node: xmlNodePtr, to output: inout String, depth: Int) {
        guard depth < 256 else { return }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { output += String(cString: content) }
            case XML_ELEMENT_NODE:
                let name = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                if skipped.contains(name) { break }
                let block = blocks.contains(name)
                if block { output += "\n" }
                appendText(of: current, to: &output, depth: depth + 1)
                if block { output += "\n" }
            default:
                break
            }
            child = current.pointee.next
        }
    }

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

    public var parent: HTMLElement? {
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return HTMLElement(node: parent, document: document)
    }

    /// The next element after this one among its siblings.
    public var nextSibling: HTMLElement? {
        var sibling = node.pointee.next
        while let current = sibling {
            if current.pointee.type == XML_ELEMENT_NODE { return HTMLElement(node: current, document: document) }
            sibling = current.pointee.next
        }
        return nil
    }

    /// Visits the descendants depth-first in document order; `visit` returns false to skip an
    /// element's insides. Deeply nested markup is cut off at a fixed depth, never a crash.
    public func forEachDescendant(_ visit: (HTMLElement) -> Bool) {
        Self.walk(node, document: document, depth: 0, visit)
    }

    static func walk(_ node: xmlNodePtr, document: HTMLDocument, depth: Int, _ visit: (HTMLElement) -> Bool) {
        guard depth < 512 else { return }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, visit(HTMLElement(node: current, document: document)) {
                walk(current, document: document, depth: depth + 1, visit)
            }
            child = current.pointee.next
        }
    }

    /// Elements an XPath expression selects relative to this one (`.//li`).
    public func elements(matching xpath: String) -> [HTMLElement] {
        document.evaluate(xpath, from: node)
    }

    /// The elements whose own text (a direct text child, after leading white space) starts
    /// with one of `prefixes` (three lower-case ASCII letters each), in document order. A
    /// pointer walk that allocates only for hits: cheap enough to run over a whole page.
    /// With `orDigit`, elements whose own text starts with a digit are hits too.
    public func elementsWithText(startingWith prefixes: Set<String>, orDigit: Bool = false) -> [HTMLElement] {
        let keys = Set(prefixes.map { key in key.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } })
        var hits: [HTMLElement] = []
        var stack: [(xmlNodePtr, Int)] = [(node, 0)]
        // Children are pushed last first, so that hits come in document order.
        var children: [xmlNodePtr] = []
        while let (current, depth) = stack.popLast() {
            children.removeAll(keepingCapacity: true)
            var child = current.pointee.children
            while let node = child {
                defer { child = node.pointee.next }
                if node.pointee.type == XML_TEXT_NODE, let content = node.pointee.content {
                    var index = 0
                    while content[index] == 0x20 || content[index] == 0x0A || content[index] == 0x09 || content[index] == 0x0D { index += 1 }
                    if orDigit, content[index] >= 0x30, content[index] <= 0x39 {
                        hits.append(HTMLElement(node: current, document: document))
                        continue
                    }
                    var key: UInt32 = 0
                    var letters = 0
                    while letters < 3, content[index + letters] != 0 {
                        let byte = content[index + letters]
                        key = key << 8 | UInt32(byte >= 65 && byte <= 90 ? byte + 32 : byte)
                        letters += 1
                    }
                    if letters == 3, keys.contains(key) { hits.append(HTMLElement(node: current, document: document)) }
                } else if node.pointee.type == XML_ELEMENT_NODE, depth < 512 {
                    children.append(node)
                }
            }
            for node in children.reversed() { stack.append((node, depth + 1)) }
        }
        return hits
    }
}
