import CLibXML2
import Foundation
import LarderCore

/// What libxml2 reports while it parses one document: kept off stderr, counted, and the parse
/// wound down once there are more errors than the document's budget. Each error costs libxml2 a
/// formatted message and a copy, with no limit of its own: 5 million stray end tags (a 20 MB
/// page) took 2 s on their messages, 10 million undeclared namespace prefixes (60 MB of XML)
/// 8 s. Real pages report up to one error per 80 bytes; the budget is one per 32 bytes
/// (`InputLimits.markupBytesPerError`), and never fewer than `minMarkupErrors`. An element
/// libxml2 does not know is not counted: its error comes with the element's own work (a page
/// of custom elements reports one per element).
///
/// libxml2 keeps its error functions per thread, so they are set around each parse. Past the
/// budget the parse is marked finished (`instate`, `disableSAX`) rather than stopped with
/// `xmlStopParser`, which frees the input under the parser's feet when called from an error.
final class ParseReports {
    let budget: Int
    private(set) var errors = 0
    private(set) var exceeded = false
    /// Called with each error that breaks the document's well-formedness (libxml2's fatal
    /// ones; an undeclared entity or namespace prefix is an error it reads past): its message
    /// and line, as libxml2 reports it.
    var onFatalError: ((String, Int) -> Void)?

    init(budget: Int) {
        self.budget = budget
    }

    /// The budget of a document of `bytes` bytes.
    convenience init(documentBytes bytes: Int, limits: InputLimits) {
        self.init(budget: Self.budget(documentBytes: bytes, limits: limits))
    }

    static func budget(documentBytes bytes: Int, limits: InputLimits) -> Int {
        max(limits.minMarkupErrors, bytes / max(1, limits.markupBytesPerError))
    }

    /// Why a document went over its budget, for its failure.
    func overBudget(per document: String) -> InputLimits.Exceeded {
        InputLimits.Exceeded("markup errors", limit: budget, per: document)
    }

    /// Runs `parse` with this thread's libxml2 error functions pointed here, then silenced again.
    func during<Value>(_ parse: () throws -> Value) rethrows -> Value {
        Self.silence()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque(), { data, error in
            guard let data, let error else { return }
            Unmanaged<ParseReports>.fromOpaque(data).takeUnretainedValue().record(error)
        })
        defer { Self.silence() }
        return try withExtendedLifetime(self) { try parse() }
    }

    /// This thread's libxml2 error functions set to drop what they are given: libxml2 prints
    /// reports without a parser (an encoding converter's, "I/O error : encoder error") on stderr.
    static func silence() {
        larder_xml_silence_generic_errors()
        xmlSetStructuredErrorFunc(nil, { _, _ in })
    }

    private func record(_ error: xmlErrorPtr) {
        guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        // An element libxml2 does not know (a page's custom elements) costs it an error with
        // the element's own work: not an error that comes without work, so not counted.
        guard error.pointee.code != Int32(XML_HTML_UNKNOWN_TAG.rawValue) else { return }
        errors += 1
        if let onFatalError, error.pointee.level == XML_ERR_FATAL {
            let message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed"
            onFatalError(message, Int(error.pointee.line))
        }
        guard errors > budget, !exceeded, let context = error.pointee.ctxt else { return }
        exceeded = true
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        parser.pointee.instate = XML_PARSER_EOF
        parser.pointee.disableSAX = 1
    }
}
