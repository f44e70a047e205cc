import CLibXML2
import Foundation
import LarderCore

/// Reads XML files (MasterCook, Gourmet, KRecipes) and app HTML exports (Copy Me That) into
/// `MarkupNode` values for the pure mappers of LarderCore.
///
/// XML is parsed as hostile input: no network (`XML_PARSE_NONET`), no external DTD or entity
/// is loaded, and entity references are never expanded (no `XML_PARSE_NOENT`; their nodes are
/// skipped, in attribute values too), so neither a `file://` entity nor a billion-laughs bomb gets through. A file that
/// is not well-formed is read as far as libxml2 can recover, and the document says where it
/// broke.
public enum MarkupReader {
    /// Why a file gave no document.
    public enum ReadError: DescribedError {
        /// The file holds no bytes.
        case empty
        /// libxml2 could not read it, for the reason given.
        case unreadable(String)
        public var description: String {
            switch self {
            case .empty: return "the file is empty"
            case .unreadable(let why): return "not readable XML: \(why)"
            }
        }
    }

    /// Elements deeper than this are left out; real recipe files nest a handful of levels.
    static let maxDepth = 200

    /// An XML file as a tree of `MarkupNode`s, read as hostile input (see the type's comment).
    public static func xml(_ data: Data) throws -> MarkupDocument {
        guard !data.isEmpty else { throw ReadError.empty }
        guard data.count <= Int(Int32.max) else { throw ReadError.unreadable("the file is too large") }
        guard let context = xmlNewParserCtxt() else { throw ReadError.unreadable("libxml2 could not start") }
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)
        let (body, encoding) = withoutDeclaration(data)
        let parsed: xmlDocPtr? = body.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            return xmlCtxtReadMemory(context, base, Int32(buffer.count), nil, encoding, options)
        }
        var problem: String?
        var line: Int?
        if context.pointee.wellFormed == 0 {
            let error = context.pointee.lastError
            problem = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed XML"
            line = Int(error.line)
        }
        guard let parsed else { throw ReadError.unreadable(problem ?? "libxml2 found no document") }
        let document = HTMLDocument(owning: parsed)
        guard let root = document.root else { throw ReadError.unreadable(problem ?? "the file has no root element") }
        return MarkupDocument(root: tree(below: root), problem: problem, breakLine: line)
    }

    /// The bytes with the XML declaration blanked out (same length, so lines stay where they
    /// are), and the encoding to read them in: the declared one, else UTF-8 when the bytes are,
    /// else Windows-1252. Old exporters write declarations libxml2 refuses, such as
    /// MasterCook's `standalone` before `encoding`, and then it would not read the encoding.
    static func withoutDeclaration(_ data: Data) -> (Data, String?) {
        var bytes = [UInt8](data)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var declared: String?
        if bytes[start...].starts(with: Array("<?xml".utf8)),
           let end = bytes[start..<min(bytes.count, start + 512)].firstIndex(of: UInt8(ascii: ">")) {
            let declaration = String(decoding: bytes[start...end], as: UTF8.self)
            if let range = declaration.range(of: #"encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']"#, options: .regularExpression) {
                let value = declaration[range].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first
                declared = value.map(String.init)
            }
            for index in start...end { bytes[index] = UInt8(ascii: " ") }
        }
        if let declared { return (Data(bytes), declared) }
        let isUTF8 = String(bytes: bytes, encoding: .utf8) != nil
        return (Data(bytes), isUTF8 ? nil : "windows-1252")
    }

    /// An app's HTML export (Copy Me That) as a tree of `MarkupNode`s.
    public static func html(_ data: Data, contentType: String? = nil) throws -> MarkupDocument {
        let document = try HTMLDocument(data: data, contentType: contentType)
        guard let root = document.root else { throw HTMLDocument.ParseError.unreadable }
        return MarkupDocument(root: tree(below: root))
    }

    /// The element and everything in it as `MarkupNode` values, built on the one tree walk:
    /// each element entered opens a node, which its parent takes when the walk leaves it.
    /// Comments, processing instructions and entity references (never expanded) are left out.
    static func tree(below root: HTMLElement) -> MarkupNode {
        var open = [node(root)]
        root.walk(texts: true, maxDepth: maxDepth, leave: { _ in
            let done = open.removeLast()
            open[open.count - 1].contents.append(.element(done))
        }) { visited in
            if let text = visited.text {
                open[open.count - 1].contents.append(.text(text.string))
                return .skip
            }
            open.append(node(visited.element))
            return .enter
        }
        return open[0]
    }

    /// An element's name as written (XML names keep their case), its attributes and its line.
    static func node(_ element: HTMLElement) -> MarkupNode {
        let raw = element.node
        var result = MarkupNode(name: raw.pointee.name.map { String(cString: $0) } ?? "", line: Int(xmlGetLineNo(raw)))
        var attribute = raw.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name {
                result.attributes[String(cString: name)] = attributeText(current.pointee.children)
            }
            attribute = current.pointee.next
        }
        return result
    }

    /// An attribute's value: its text, with entity references left out as in element text.
    /// libxml2's `xmlNodeListGetString(…, 1)` would expand them, and one 100 KB entity named
    /// 2,000 times in `name="…"` became a 200 MB title after minutes of copying.
    static func attributeText(_ first: xmlNodePtr?) -> String {
        var text = ""
        var child = first
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                text += String(cString: content)
            }
            child = current.pointee.next
        }
        return text
    }
}
