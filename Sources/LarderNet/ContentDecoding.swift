import Foundation
import LarderArchive

/// Undoes an answer's `Content-Encoding` in the task that asked for it, after its transfer slot
/// is free. libcurl can decode as bytes arrive, but on the multi loop's one thread: a page of
/// 64 KB gzip takes about a millisecond to inflate there, and answers that end together are
/// inflated one after the other before any freed slot gets its next request, so every transfer
/// slot stood empty for the inflating of the whole burst (Benchmarks/bulk-import.sh).
enum ContentDecoding {
    /// What Larder asks for (`Accept-Encoding`): the codings `decode` undoes.
    static let accepted = "gzip, zstd"

    /// The body with its codings undone, last applied first; at most `limit` bytes come out
    /// (a bomb stops there). A coding Larder did not ask for, or bytes that are not what the
    /// header says, fail as an answer that does not decompress.
    static func decode(_ body: Data, contentEncoding: String?, host: String, limit: Int) throws -> Data {
        let codings = (contentEncoding ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        guard !codings.isEmpty, !body.isEmpty else { return body }
        var data = body
        for coding in codings.reversed() {
            // The decompressor gives bytes that are not compressed back as they are: the magic
            // number is checked first, so an answer that only says it is gzip fails.
            guard let magic = magic[coding], data.starts(with: magic) else { throw FetchError.badEncoding(host: host) }
            let decoded: Data
            do {
                decoded = try Decompressor.decompress(data, limit: limit, label: host)
            } catch let error as ArchiveError where error.limit != nil {
                throw FetchError.tooLarge(limitBytes: limit)
            } catch {
                throw FetchError.badEncoding(host: host)
            }
            // Still the stream: this libarchive lacks the coding's filter and passed it through.
            guard !decoded.starts(with: magic) else { throw FetchError.badEncoding(host: host) }
            data = decoded
        }
        return data
    }

    /// The first bytes of each coding's stream (RFC 1952 for gzip, RFC 8878 for zstd).
    private static let magic: [String: [UInt8]] = [
        "gzip": [0x1F, 0x8B], "x-gzip": [0x1F, 0x8B],
        "zstd": [0x28, 0xB5, 0x2F, 0xFD],
    ]
}
