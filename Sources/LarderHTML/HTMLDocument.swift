import CLibXML2
import Foundation
import LarderCore

/// A parsed HTML page. Owns libxml2's document and frees it in `deinit`; elements handed out
/// (`HTMLElement`) keep the document alive, so no libxml2 pointer outlives its tree. Parsing
/// never touches the network (`HTML_PARSE_NONET`) and recovers from broken markup instead of
/// failing.
public final class HTMLDocument: @unchecked Sendable {
    let document: htmlDocPtr
    /// The data of the page's framework state scripts (`__NEXT_DATA__`, `window.__INITIAL_STATE__`),
    /// taken out before parsing (`ScriptStripper`).
    let pageState: [ScriptStripper.PageState]

    /// Why bytes gave no page.
    public enum ParseError: DescribedError {
        /// No bytes, or nothing but space.
        case empty
        /// libxml2 could not build a tree from them.
        case unreadable
        /// The page goes over one of the limits that bound libxml2's time (`MarkupShapeCheck`,
        /// `ParseReports`).
        case overLimit(InputLimits.Exceeded)
        public var description: String {
            switch self {
            case .empty: return "the page is empty"
            case .unreadable: return "libxml2 could not read the page"
            case .overLimit(let exceeded): return exceeded.description
            }
        }
    }

    /// - Parameter contentType: the HTTP `Content-Type` when known. The charset comes from the
    ///   BOM, then `<meta charset>` / `http-equiv`, then this header, whichever fits the bytes
    ///   (`MarkupEncoding`); libxml2 is given UTF-8.
    /// - Parameter limits: the page's markup is checked against them before libxml2 reads it.
    public init(data: Data, contentType: String? = nil, limits: InputLimits = .standard) throws {
        guard !data.isEmpty else { throw ParseError.empty }
        let decoded = MarkupEncoding.utf8(data, declared: CharsetSniffer.labels(of: data, contentType: contentType))
        let (data, pageState) = ScriptStripper.stripAndKeepState(decoded.data)
        do {
            try MarkupShapeCheck.check(data, dialect: .html, limits: limits, per: "page")
        } catch {
            throw ParseError.overLimit(error)
        }
        // The bytes are UTF-8 now: libxml2 must not act on a `<meta charset>` it meets.
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        let reports = ParseReports(documentBytes: data.count, limits: limits)
        let parsed: htmlDocPtr? = reports.during {
            data.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                      buffer.count <= Int(Int32.max) else { return nil }
                // UTF-8 is libxml2's own encoding: naming it would add a conversion pass.
                return htmlReadMemory(base, Int32(buffer.count), nil, nil, options)
            }
        }
        if reports.exceeded {
            if let parsed { xmlFreeDoc(parsed) }
            throw ParseError.overLimit(reports.overBudget(per: "page"))
        }
        guard let parsed else { throw ParseError.unreadable }
        document = parsed
        self.pageState = pageState
    }

    /// Takes over a tree libxml2 parsed elsewhere (`MarkupReader`'s XML), to free it and walk it.
    init(owning parsed: xmlDocPtr) {
        document = parsed
        pageState = []
    }

    /// Parses a page given as text (UTF-8).
    public convenience init(html: String) throws {
        try self.init(data: Data(html.utf8), contentType: "text/html; charset=utf-8")
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The top element (`<html>`), if the page has any element at all.
    public var root: HTMLElement? {
        xmlDocGetRootElement(document).map { HTMLElement(node: $0, document: self) }
    }

    /// Every element an XPath expression selects, in document order.
    public func elements(matching xpath: String) -> [HTMLElement] {
        evaluate(xpath, from: nil)
    }

    /// The text content of every node an XPath expression selects, in document order.
    public func texts(matching xpath: String) -> [String] {
        elements(matching: xpath).map(\.rawText)
    }

    /// The page's `<title>`, cleaned.
    public var title: String? {
        texts(matching: "//title").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    func evaluate(_ xpath: String, from node: xmlNodePtr?) -> [HTMLElement] {
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        if let node { context.pointee.node = node }
        guard let result = xmlXPathEvalExpression(xpath, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let nodeSet = result.pointee.nodesetval, nodeSet.pointee.nodeNr > 0 else { return [] }
        return (0..<Int(nodeSet.pointee.nodeNr)).compactMap { index in
            nodeSet.pointee.nodeTab[index].map { HTMLElement(node: $0, document: self) }
        }
    }
}
