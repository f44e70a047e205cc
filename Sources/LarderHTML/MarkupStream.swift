import CLibXML2
import Foundation
import LarderCore

/// Reads an XML export (MasterCook, Gourmet, KRecipes) or an HTML export of many recipes (Copy
/// Me That) as a stream: libxml2 parses it through SAX callbacks, no tree is built, and each
/// *record* (one recipe's element: Gourmet's `<recipe>`, Copy Me That's `div.recipe`) is built
/// as a `MarkupNode` and handed over as soon as it ends. Memory is one record, whatever the
/// number of recipes: a 60 MB Gourmet export of 300,000 recipes, read whole as two trees,
/// peaked at 1.31 GB.
///
/// The bytes are made UTF-8 first (`MarkupEncoding`), their prologue harmless (`XMLPrologue`)
/// and checked against the limits that bound libxml2's time (`MarkupShapeCheck`,
/// `ParseReports`). XML is read as hostile input: no network, no entity expanded (an entity
/// reference is left out of the text and the attribute it is in), no DTD loaded. A record is
/// held to `InputLimits.maxRecipeElements` elements, and elements to libxml2's 256 levels.
///
/// `keepGoing` is asked at every callback; when it says no, the parse stops there (a stop
/// request is honoured in the middle of one long file).
public enum MarkupStream {
    /// Which parser of libxml2 reads the file: the XML one (strict, with line numbers for its
    /// errors) or the HTML one (forgiving, as browsers are).
    public enum Dialect: Sendable {
        /// libxml2's XML parser.
        case xml
        /// libxml2's HTML parser.
        case html
    }

    /// Which elements are records, once the root element is known.
    public enum Records: Sendable {
        /// The root's children of this name.
        case children(named: String)
        /// Any element that `matches` accepts, outside another record.
        case elements(@Sendable (MarkupNode) -> Bool)
        /// None: the reading stops at the root (a file of no format the caller reads).
        case none
    }

    /// Where and why the file is not well-formed.
    public struct Problem: Sendable, Equatable {
        /// libxml2's message, on one line.
        public var message: String
        /// The line of the file it was reported at.
        public var line: Int
    }

    /// One record, with the first error libxml2 reported inside it (XML only: the record may be
    /// cut short), or the limit it went over (it is then not built whole).
    public struct Record: Sendable {
        /// The record's element, with everything inside it.
        public var node: MarkupNode
        /// The first error libxml2 reported inside the record, if any.
        public var problem: Problem?
        /// The limit the record went over, when it did: it is then not whole.
        public var overLimit: InputLimits.Exceeded?
    }

    /// How the reading ended.
    public struct Ending: Sendable {
        /// The root element, without its contents; nil when the file has none.
        public var root: MarkupNode?
        /// The last error reported outside any record (XML only).
        public var problem: Problem?
        /// A limit that stopped the reading before the end: too many errors, elements nested
        /// too deep. The records read before it were handed over.
        public var overLimit: InputLimits.Exceeded?
        /// The line where the reading stopped for `overLimit`.
        public var stoppedAt: Int?
        /// `keepGoing` or the record handler said to stop.
        public var stopped: Bool
    }

    /// Why a file could not be read at all.
    public enum ReadError: Error, LocalizedError, CustomStringConvertible {
        /// The sentence, for `localizedDescription`.
        public var errorDescription: String? { description }
        /// The file has no bytes.
        case empty
        /// libxml2 could not begin to read it (its message).
        case unreadable(String)
        public var description: String {
            switch self {
            case .empty: return "the file is empty"
            case .unreadable(let why): return "not readable XML: \(why)"
            }
        }
    }

    /// Elements deeper than this stop the reading; libxml2 stops an XML file there too.
    static let maxDepth = 256

    /// - Parameters:
    ///   - records: given the root element, which elements are records.
    ///   - record: takes each record; false stops the reading.
    public static func read(_ data: Data, dialect: Dialect, limits: InputLimits = .standard,
                            records: (MarkupNode) -> Records,
                            keepGoing: @escaping () -> Bool = { true },
                            record: (Record) -> Bool) throws -> Ending {
        guard !data.isEmpty else { throw ReadError.empty }
        let body: Data
        switch dialect {
        case .xml:
            let decoded = MarkupEncoding.utf8(data, declared: XMLPrologue.declaredEncoding(data).map { [$0] } ?? [])
            body = XMLPrologue.blanked(decoded.data)
        case .html:
            body = ScriptStripper.strip(MarkupEncoding.utf8(data, declared: CharsetSniffer.labels(of: data)).data)
        }
        guard body.count < Int(Int32.max) else { throw ReadError.unreadable("the file is too large") }
        try MarkupShapeCheck.check(body, dialect: dialect == .xml ? .xml : .html, limits: limits, per: "file")
        // The builder keeps the handlers only while this call runs.
        return try withoutActuallyEscaping(records) { records in
            try withoutActuallyEscaping(record) { record in
                let builder = RecordBuilder(dialect: dialect, limits: limits, records: records, keepGoing: keepGoing, record: record)
                let reports = ParseReports(documentBytes: body.count, limits: limits)
                if dialect == .xml { reports.onFatalError = { [unowned builder] message, line in builder.error(message, line: line) } }
                let parsed: Bool = reports.during {
                    body.withUnsafeBytes { raw in
                        guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return false }
                        return builder.parse(base, count: Int32(raw.count))
                    }
                }
                guard parsed else { throw ReadError.unreadable("libxml2 could not start") }
                builder.finish(overBudget: reports.exceeded ? reports.overBudget(per: "file") : nil)
                return builder.ending
            }
        }
    }
}

/// A document in memory read by libxml2 as a stream (`xmlCreateIOParserCtxt`): it asks for a
/// few kilobytes at a time and lets go of what it has parsed, so the document is not copied
/// whole. Must outlive the parser context it makes.
private final class PieceByPiece {
    let bytes: UnsafePointer<CChar>
    let count: Int
    var offset = 0

    init(_ bytes: UnsafePointer<CChar>, count: Int) {
        self.bytes = bytes
        self.count = count
    }

    func parserContext() -> xmlParserCtxtPtr? {
        xmlCreateIOParserCtxt(nil, nil, { state, buffer, wanted in
            guard let state, let buffer, wanted > 0 else { return 0 }
            let pieces = Unmanaged<PieceByPiece>.fromOpaque(state).takeUnretainedValue()
            let given = min(Int(wanted), pieces.count - pieces.offset)
            memcpy(buffer, pieces.bytes + pieces.offset, given)
            pieces.offset += given
            return Int32(given)
        }, nil, Unmanaged.passUnretained(self).toOpaque(), XML_CHAR_ENCODING_NONE)
    }
}

/// The SAX side of `MarkupStream`: libxml2 calls it with its `userData`, this object.
private final class RecordBuilder {
    let dialect: MarkupStream.Dialect
    let limits: InputLimits
    let decide: (MarkupNode) -> MarkupStream.Records
    let keepGoing: () -> Bool
    let deliver: (MarkupStream.Record) -> Bool
    var parser: xmlParserCtxtPtr?
    var ending = MarkupStream.Ending(root: nil, problem: nil, overLimit: nil, stoppedAt: nil, stopped: false)

    var depth = 0
    var rule: MarkupStream.Records = .none
    /// The record being built: its open elements, outermost first; empty outside a record.
    var open: [MarkupNode] = []
    var recordDepth = 0
    var recordElements = 0
    var recordProblem: MarkupStream.Problem?
    var recordOverLimit: InputLimits.Exceeded?
    /// Levels of an over-limit record's elements that are not built.
    var skippedDepth = 0

    init(dialect: MarkupStream.Dialect, limits: InputLimits, records: @escaping (MarkupNode) -> MarkupStream.Records,
         keepGoing: @escaping () -> Bool, record: @escaping (MarkupStream.Record) -> Bool) {
        self.dialect = dialect
        self.limits = limits
        self.decide = records
        self.keepGoing = keepGoing
        self.deliver = record
    }

    var inRecord: Bool { recordDepth > 0 }

    func parse(_ bytes: UnsafePointer<CChar>, count: Int32) -> Bool {
        let context: xmlParserCtxtPtr?
        // XML is handed to libxml2 a piece at a time (`PieceByPiece`): a memory parser copies the
        // whole document into a buffer of its own first, 16.8 MB for a 12 MB file of 60,000
        // recipes. (Pages are at most 20 MB, and libxml2 2.9 has no such reader for HTML.)
        let pieces = PieceByPiece(bytes, count: Int(count))
        switch dialect {
        case .xml: context = pieces.parserContext()
        case .html: context = htmlCreateMemoryParserCtxt(bytes, count)
        }
        guard let context, let sax = context.pointee.sax else { return false }
        defer { withExtendedLifetime(pieces) {} }
        parser = context
        defer {
            parser = nil
            switch dialect {
            case .xml: xmlFreeParserCtxt(context)
            case .html: htmlFreeParserCtxt(context)
            }
        }
        sax.pointee = handler()
        context.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        withExtendedLifetime(self) {
            switch dialect {
            case .xml:
                // No NOENT (entities stay references), no DTD loaded; CDATA comes as text.
                xmlCtxtUseOptions(context, Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue))
                _ = xmlParseDocument(context)
            case .html:
                // The bytes are UTF-8: a `<meta charset>` must not switch libxml2's reading.
                _ = htmlCtxtUseOptions(context, Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue))
                _ = htmlParseDocument(context)
            }
        }
        return true
    }

    func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        switch dialect {
        case .xml:
            handler.initialized = UInt32(XML_SAX2_MAGIC)
            handler.startElementNs = { context, localName, _, _, _, _, count, _, attributes in
                guard let context, let localName else { return }
                var pairs: [(String, String)] = []
                if let attributes {
                    for index in 0..<Int(count) {
                        guard let name = attributes[index * 5], let value = attributes[index * 5 + 3], let end = attributes[index * 5 + 4] else { continue }
                        pairs.append((String(cString: name), RecordBuilder.attributeValue(UnsafeBufferPointer(start: value, count: value.distance(to: end)))))
                    }
                }
                RecordBuilder.from(context).start(String(cString: localName), attributes: pairs)
            }
            handler.endElementNs = { context, _, _, _ in
                guard let context else { return }
                RecordBuilder.from(context).end()
            }
        case .html:
            handler.initialized = 1
            handler.startElement = { context, name, attributes in
                guard let context, let name else { return }
                var pairs: [(String, String)] = []
                var index = 0
                while let attributes, let key = attributes[index] {
                    pairs.append((String(cString: key), attributes[index + 1].map { String(cString: $0) } ?? ""))
                    index += 2
                }
                RecordBuilder.from(context).start(String(cString: name), attributes: pairs)
            }
            handler.endElement = { context, _ in
                guard let context else { return }
                RecordBuilder.from(context).end()
            }
        }
        handler.characters = { context, characters, length in
            guard let context, let characters else { return }
            RecordBuilder.from(context).text(UnsafeBufferPointer(start: characters, count: Int(length)))
        }
        return handler
    }

    static func from(_ context: UnsafeMutableRawPointer) -> RecordBuilder {
        Unmanaged<RecordBuilder>.fromOpaque(context).takeUnretainedValue()
    }

    var line: Int { parser.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }

    /// Ends the parse at this callback (safe here: libxml2 stops itself the same way).
    func stop() {
        if let parser { xmlStopParser(parser) }
    }

    // MARK: - Events

    func start(_ name: String, attributes: [(String, String)]) {
        guard keepGoing() else { ending.stopped = true; return stop() }
        depth += 1
        if depth > MarkupStream.maxDepth {
            ending.overLimit = InputLimits.Exceeded("levels of elements nested in one another", limit: MarkupStream.maxDepth, per: "file")
            ending.stoppedAt = line
            return stop()
        }
        var node = MarkupNode(name: name, line: line)
        for (key, value) in attributes where node.attributes[key] == nil { node.attributes[key] = value }
        if depth == 1 {
            ending.root = node
            rule = decide(node)
            if case .none = rule { stop() }
            return
        }
        if inRecord {
            guard recordOverLimit == nil else { skippedDepth += 1; return }
            recordElements += 1
            if recordElements > limits.maxRecipeElements {
                recordOverLimit = InputLimits.Exceeded("elements", limit: limits.maxRecipeElements, per: "recipe")
                skippedDepth += 1
                return
            }
            open.append(node)
            return
        }
        let isRecord: Bool
        switch rule {
        case .children(let wanted): isRecord = depth == 2 && name == wanted
        case .elements(let matches): isRecord = matches(node)
        case .none: isRecord = false
        }
        guard isRecord else { return }
        open = [node]
        recordDepth = depth
        recordElements = 1
    }

    func end() {
        defer { depth -= 1 }
        guard inRecord else { return }
        if skippedDepth > 0, depth > recordDepth {
            skippedDepth -= 1
            return
        }
        if depth > recordDepth {
            let done = open.removeLast()
            open[open.count - 1].contents.append(.element(done))
            return
        }
        // The record itself ends.
        let record = MarkupStream.Record(node: open[0], problem: recordProblem, overLimit: recordOverLimit)
        closeRecord()
        if !deliver(record) {
            ending.stopped = true
            stop()
        }
    }

    func text(_ characters: UnsafeBufferPointer<xmlChar>) {
        guard keepGoing() else { ending.stopped = true; return stop() }
        guard inRecord, recordOverLimit == nil, skippedDepth == 0, !open.isEmpty else { return }
        let text = String(decoding: characters, as: UTF8.self)
        let last = open.count - 1
        if case .text(let earlier)? = open[last].contents.last {
            open[last].contents[open[last].contents.count - 1] = .text(earlier + text)
        } else {
            open[last].contents.append(.text(text))
        }
    }

    /// An error libxml2 reports (XML): it marks the record being read, or the file.
    func error(_ message: String, line: Int) {
        let problem = MarkupStream.Problem(message: message, line: line)
        if inRecord {
            if recordProblem == nil { recordProblem = problem }
        } else {
            ending.problem = problem
        }
    }

    /// After the parse: a record still open was cut short (the file ended, or the reading
    /// stopped inside it).
    func finish(overBudget: InputLimits.Exceeded?) {
        if let overBudget, ending.overLimit == nil {
            ending.overLimit = overBudget
            ending.stoppedAt = line
        }
        guard inRecord, !open.isEmpty, !ending.stopped else { return }
        var node = open[0]
        // What was read of it, nested as it came.
        while open.count > 1 {
            let done = open.removeLast()
            open[open.count - 1].contents.append(.element(done))
        }
        node = open[0]
        let problem = recordProblem ?? MarkupStream.Problem(message: ending.overLimit?.description ?? "the file ends inside it", line: ending.stoppedAt ?? line)
        let record = MarkupStream.Record(node: node, problem: problem, overLimit: recordOverLimit)
        closeRecord()
        _ = deliver(record)
    }

    func closeRecord() {
        open = []
        recordDepth = 0
        recordElements = 0
        recordProblem = nil
        recordOverLimit = nil
        skippedDepth = 0
    }

    /// An attribute's value as libxml2's SAX2 parser hands it over without expanding entities:
    /// `&#38;` stands for `&`, and `&name;` for an entity reference, left out like those in text.
    static func attributeValue(_ bytes: UnsafeBufferPointer<xmlChar>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        let amp: [UInt8] = Array("&#38;".utf8)
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else { output.append(byte); index += 1; continue }
            if index + amp.count <= bytes.count, bytes[index..<index + amp.count].elementsEqual(amp) {
                output.append(byte)
                index += amp.count
                continue
            }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: ";"), bytes[end] != UInt8(ascii: "&"), end - index < 1_000 { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > index + 1 {
                index = end + 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
