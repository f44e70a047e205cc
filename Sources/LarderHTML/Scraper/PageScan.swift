import CLibXML2
import LarderCore

/// Everything the scraper needs from the tree that is not inside a recipe, found in one walk:
/// the elements that carry some class names (or ids), the JSON-LD scripts, and the page's
/// `<meta>`, canonical link, `<title>` and language. One XPath query per class name scanned the
/// whole page each time, which with a dozen card layouts was most of the scraping time. The
/// walk reads attributes in place and hashes class tokens on their bytes, so it allocates only
/// for what it is looking for.
struct PageScan {
    private var byClass: [String: [HTMLElement]] = [:]
    /// The text of every `<script type="application/ld+json">` (or `<meta>` of that name), in page order.
    private(set) var jsonLD: [String] = []
    private(set) var metadata = PageMetadata()

    /// - Parameter wanted: class names, and ids written as `#id`.
    init(_ document: HTMLDocument, wanted: Set<String>) {
        let wantedHashes = Set(wanted.map { Self.hash(Array($0.utf8)[...]) })
        guard let root = xmlDocGetRootElement(document.document) else { return }
        var stack: [(xmlNodePtr, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            if let name = node.pointee.name { readMetadata(node, name: name, document: document) }
            var attribute = node.pointee.properties
            while let current = attribute {
                defer { attribute = current.pointee.next }
                guard let name = current.pointee.name, let value = current.pointee.children?.pointee.content else { continue }
                let isClass = Self.equals(name, "class")
                guard isClass || Self.equals(name, "id") else { continue }
                let bytes = UnsafeBufferPointer(start: value, count: Int(xmlStrlen(value)))
                var start = 0
                for index in 0...bytes.count {
                    let atEnd = index == bytes.count || bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
                    guard atEnd else { continue }
                    if index > start {
                        let token = bytes[start..<index]
                        let hash = isClass ? Self.hash(token) : Self.hash(token, prefix: 0x23)
                        if wantedHashes.contains(hash) {
                            let key = (isClass ? "" : "#") + String(decoding: token, as: UTF8.self)
                            if wanted.contains(key) { byClass[key, default: []].append(HTMLElement(node: node, document: document)) }
                        }
                    }
                    start = index + 1
                }
            }
            guard depth < 512 else { continue }
            // Children pushed last first, so elements come out in document order.
            var child = node.pointee.last
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { stack.append((current, depth + 1)) }
                child = current.pointee.prev
            }
        }
    }

    /// Reads the element when it is one the metadata needs. Names are compared as bytes, and an
    /// `HTMLElement` is made only for a match: this runs for every element of the page.
    private mutating func readMetadata(_ node: xmlNodePtr, name: UnsafePointer<xmlChar>, document: HTMLDocument) {
        let element = { HTMLElement(node: node, document: document) }
        if Self.equals(name, "script") {
            if element().attribute("type")?.lowercased().contains("ld+json") == true { jsonLD.append(element().rawText) }
        } else if Self.equals(name, "meta") {
            let meta = element()
            // Frameworks that render structured data through their page-metadata API (Next.js's
            // `metadata.other`) write it as `<meta name="application/ld+json" content="{…}">`.
            if meta.attribute("name")?.lowercased().contains("ld+json") == true, let content = meta.attribute("content") {
                jsonLD.append(content)
            } else {
                metadata.read(meta: meta)
            }
        } else if Self.equals(name, "link") {
            metadata.read(link: element())
        } else if Self.equals(name, "title") {
            if metadata.title == nil { metadata.title = TextCleaner.nonEmptyLine(element().rawText) }
        } else if Self.equals(name, "html") {
            if metadata.language == nil { metadata.language = element().attribute("lang").flatMap(TextCleaner.nonEmptyLine) }
        }
    }

    /// Whether a C string from libxml2 is exactly `literal` (ASCII).
    static func equals(_ cString: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for (offset, byte) in expected.enumerated() where cString[offset] != byte { return false }
        return cString[expected.count] == 0
    }

    func first(_ name: String) -> HTMLElement? { byClass[name]?.first }

    static func hash<C: Collection>(_ bytes: C, prefix: UInt8? = nil) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        if let prefix { h = (h ^ UInt64(prefix)) &* 0x100_0000_01B3 }
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return h
    }
}
