import CLibXML2
import Foundation

/// Reads an XML document node by node (libxml2's `xmlTextReader`) without building its tree:
/// memory stays that of the bytes and the node at hand, whatever the document's length, so a
/// sitemap of 50,000 addresses costs no more than one of ten.
///
/// Hostile input as in `MarkupReader`: no network, no external DTD or entity loaded, entity
/// references never expanded (their nodes are passed over). A document that is not well-formed
/// is read up to where it breaks; what came before has been handed out, and the error says the
/// line.
///
///     try XMLStreamReader.read(data) { node in
///         if case .text(let text) = node { print(text) }
///         return .continue
///     }
public enum XMLStreamReader {
    /// What the reader hands out, in document order.
    public enum Node {
        /// An element opens (its local name, without a namespace prefix); `depth` counts from 0 at the root.
        case start(name: String, depth: Int)
        /// An element closes (also an empty one, `<a/>`, right after its start).
        case end(name: String, depth: Int)
        /// Text or CDATA inside an element.
        case text(String)
    }

    /// What the visitor wants next: the following node, or the end of the reading.
    public enum Next {
        /// Hand out the next node.
        case `continue`
        /// End the reading here, with no error.
        case stop
    }

    /// Where and why the document stops being XML.
    public struct NotWellFormed: Error, LocalizedError, CustomStringConvertible {
        /// The sentence, for `localizedDescription`.
        public var errorDescription: String? { description }
        /// The line libxml2 reported, when it gave one.
        public var line: Int?
        /// libxml2's message, or Larder's for an empty or too large document.
        public var message: String
        public var description: String {
            "not well-formed XML" + (line.map { " at line \($0)" } ?? "") + ": \(message)"
        }
    }

    /// libxml2's first error of a read, kept by the reader's error handler.
    private final class FirstError {
        var message: String?
        var line: Int?
    }

    /// Reads `data`, handing each node to `visit` until it says `.stop` or the document ends.
    /// Throws `NotWellFormed` where the document breaks (the nodes before were handed out), and
    /// what `visit` throws.
    public static func read(_ data: Data, _ visit: (Node) throws -> Next) throws {
        guard !data.isEmpty else { throw NotWellFormed(line: nil, message: "the document is empty") }
        guard data.count <= Int(Int32.max) else { throw NotWellFormed(line: nil, message: "the document is too large") }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)
        let firstError = FirstError()
        try data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                  let reader = xmlReaderForMemory(base, Int32(buffer.count), nil, nil, options) else {
                throw NotWellFormed(line: nil, message: "libxml2 could not start reading")
            }
            defer { xmlFreeTextReader(reader) }
            let context = Unmanaged.passUnretained(firstError).toOpaque()
            xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
                guard let context, let error else { return }
                let first = Unmanaged<FirstError>.fromOpaque(context).takeUnretainedValue()
                guard first.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
                first.message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
                first.line = Int(error.pointee.line)
            }, context)
            while true {
                let status = xmlTextReaderRead(reader)
                if status == 0 { return }
                guard status == 1 else {
                    throw NotWellFormed(line: firstError.line, message: firstError.message ?? "libxml2 stopped reading")
                }
                let depth = Int(xmlTextReaderDepth(reader))
                let node: Node
                switch xmlTextReaderNodeType(reader) {
                case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                    let name = string(xmlTextReaderConstLocalName(reader))
                    if try visit(.start(name: name, depth: depth)) == .stop { return }
                    guard xmlTextReaderIsEmptyElement(reader) == 1 else { continue }
                    node = .end(name: name, depth: depth)
                case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                    node = .end(name: string(xmlTextReaderConstLocalName(reader)), depth: depth)
                case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                    node = .text(string(xmlTextReaderConstValue(reader)))
                default:
                    continue
                }
                if try visit(node) == .stop { return }
            }
        }
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
