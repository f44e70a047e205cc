import Foundation
import LarderArchive
import LarderCore
import LarderHTML

/// One sitemap file, read as it streams by: the sitemaps protocol's XML (`<urlset>` of `<url>`,
/// `<sitemapindex>` of `<sitemap>`, each with a `<loc>`), gzipped or not, or a text file of one
/// address a line. Bounded whatever the file claims: 50 MiB once unpacked and 50,000 addresses
/// (the protocol's own limits; a larger file is read that far and said to be cut short), an
/// address of at most 2,048 characters.
enum SitemapDocument {
    enum Kind: Equatable {
        /// Lists sitemaps.
        case index
        /// Lists pages.
        case pages
    }

    static let maxBytes = 50 * 1024 * 1024
    static let maxAddresses = 50_000
    static let maxAddressLength = 2048

    struct Summary {
        var kind: Kind
        /// Addresses handed to the reader.
        var addresses = 0
        /// `<loc>`s that are no http(s) address.
        var invalid = 0
        /// The file lists more than `maxAddresses`; the rest were not read.
        var cutShort = false
        /// The reader asked to stop.
        var stopped = false
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads `body`, handing each address and the file's kind to `found` (which returns false to stop reading).
    static func read(_ body: Data, _ found: (String, Kind) -> Bool) throws -> Summary {
        var data = body
        if data.starts(with: [0x1F, 0x8B]) {
            do {
                data = try Decompressor.decompress(data, limit: maxBytes, label: "the sitemap")
            } catch {
                throw Problem(description: "its gzip does not unpack: \(error)")
            }
        }
        guard data.count <= maxBytes else { throw Problem(description: "it is larger than 50 MB, the most a sitemap may be") }
        guard let first = data.first(where: { !Self.isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) else {
            throw Problem(description: "it is empty")
        }
        guard first == UInt8(ascii: "<") else { return try readText(data, found) }
        // A page's HTML is seldom well-formed XML: told apart before libxml2 would call it broken.
        let head = String(decoding: data.prefix(1024), as: UTF8.self).lowercased()
        if head.contains("<!doctype html") || head.contains("<html") { throw Problem(description: "it is a web page, not a sitemap") }
        return try readXML(data, found)
    }

    private static func readXML(_ data: Data, _ found: (String, Kind) -> Bool) throws -> Summary {
        var summary: Summary?
        var inEntry = false
        var loc: String?
        do {
            try XMLStreamReader.read(data) { node in
                switch node {
                case .start(let name, let depth):
                    if depth == 0 {
                        summary = Summary(kind: try kind(ofRoot: name))
                    } else if depth == 1 {
                        inEntry = (name == "url" && summary?.kind == .pages) || (name == "sitemap" && summary?.kind == .index)
                    } else if depth == 2, inEntry, name == "loc" {
                        loc = ""
                    }
                case .text(let text):
                    if loc != nil, loc!.utf8.count <= maxAddressLength { loc! += text }
                case .end(let name, let depth):
                    if depth == 2, name == "loc", let address = loc {
                        loc = nil
                        if summary!.addresses >= maxAddresses {
                            summary!.cutShort = true
                            return .stop
                        }
                        guard let valid = Self.address(address) else {
                            summary!.invalid += 1
                            return .continue
                        }
                        summary!.addresses += 1
                        if !found(valid, summary!.kind) {
                            summary!.stopped = true
                            return .stop
                        }
                    } else if depth == 1 {
                        inEntry = false
                    }
                }
                return .continue
            }
        } catch let broken as XMLStreamReader.NotWellFormed {
            // What came before the break has been taken; the rest is said to be lost.
            let before = summary.map { " after \($0.addresses) address\($0.addresses == 1 ? "" : "es")" } ?? ""
            throw Problem(description: "it breaks off\(before): \(broken)")
        }
        guard let summary else { throw Problem(description: "it has no root element") }
        return summary
    }

    private static func kind(ofRoot name: String) throws -> Kind {
        switch name.lowercased() {
        case "urlset": return .pages
        case "sitemapindex": return .index
        case "html": throw Problem(description: "it is a web page, not a sitemap")
        case "rss", "feed", "rdf": throw Problem(description: "it is a news feed (\(name)), not a sitemap; Larder reads sitemaps")
        default: throw Problem(description: "it is XML with a <\(name.prefix(40))> root, not a sitemap (<urlset> or <sitemapindex>)")
        }
    }

    /// A text sitemap: one address a line, nothing else (the protocol's plain-text form).
    private static func readText(_ data: Data, _ found: (String, Kind) -> Bool) throws -> Summary {
        var summary = Summary(kind: .pages)
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if summary.addresses >= maxAddresses {
                summary.cutShort = true
                break
            }
            guard let valid = address(trimmed) else {
                summary.invalid += 1
                continue
            }
            summary.addresses += 1
            if !found(valid, .pages) {
                summary.stopped = true
                break
            }
        }
        if summary.addresses == 0 && summary.invalid > 0 {
            throw Problem(description: "it is neither a sitemap's XML nor a list of web addresses")
        }
        return summary
    }

    /// The address a `<loc>` holds, when it is an absolute http(s) address of a sane length.
    static func address(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // A space inside is refused too, though Foundation would encode it: a text sitemap
        // lists its addresses one a line, and one holding a space was mistyped.
        guard trimmed.utf8.count <= maxAddressLength, !trimmed.contains(where: \.isWhitespace),
              WebAddress.isWebAddress(trimmed) else { return nil }
        return trimmed
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
