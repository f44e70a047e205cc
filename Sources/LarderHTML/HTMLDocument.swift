import CLibXML2
import Foundation

/// A parsed HTML page. Owns libxml2's document and frees it in `deinit`; no libxml2 pointer
/// leaves this class. Parsing never touches the network (`HTML_PARSE_NONET`) and recovers from
/// broken markup instead of failing.
public final class HTMLDocument {
    private let document: htmlDocPtr

    public enum ParseError: Error, CustomStringConvertible {
        case empty
        case unreadable
        public var description: String {
            switch self {
            case .empty: return "the page is empty"
            case .unreadable: return "libxml2 could not read the page"
            }
        }
    }

    /// - Parameter encoding: the charset when known (from HTTP headers); else libxml2 looks at
    ///   the BOM and `<meta charset>`, and falls back to UTF-8.
    public init(data: Data, encoding: String? = nil) throws {
        guard !data.isEmpty else { throw ParseError.empty }
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue)
        let parsed: htmlDocPtr? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                  buffer.count <= Int(Int32.max) else { return nil }
            return htmlReadMemory(base, Int32(buffer.count), nil, encoding ?? "UTF-8", options)
        }
        guard let parsed else { throw ParseError.unreadable }
        document = parsed
    }

    public convenience init(html: String) throws {
        try self.init(data: Data(html.utf8), encoding: "UTF-8")
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The text content of every node an XPath expression selects, in document order.
    public func texts(matching xpath: String) -> [String] {
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        guard let result = xmlXPathEvalExpression(xpath, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let nodeSet = result.pointee.nodesetval else { return [] }
        var texts: [String] = []
        for index in 0..<Int(nodeSet.pointee.nodeNr) {
            guard let node = nodeSet.pointee.nodeTab[index] else { continue }
            texts.append(Self.content(of: node))
        }
        return texts
    }

    /// The page's `<title>`, cleaned.
    public var title: String? {
        texts(matching: "//title").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    static func content(of node: xmlNodePtr) -> String {
        guard let raw = xmlNodeGetContent(node) else { return "" }
        defer { larder_xml_free(raw) }
        return String(cString: raw)
    }
}
