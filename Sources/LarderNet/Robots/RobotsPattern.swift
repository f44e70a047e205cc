import Foundation

/// The path of a robots.txt rule and the paths it is tested on, compared as RFC 9309 (§2.2.2)
/// says: octet by octet, from the start of the path, after percent-encoding is made canonical on
/// both sides, with `*` matching any run of octets and a final `$` anchoring the pattern at the
/// end of the path.
///
/// Canonical: `%xx` of an unreserved character (letters, digits, `-._~`) is that character;
/// every other `%xx` is kept with upper-case digits; octets a URI may not hold as they are
/// (non-ASCII, space, quotes…) are percent-encoded. So `/caf%C3%A9`, `/café` and `/caf%c3%a9`
/// are one path. In a path, `*` and `$` are octets like others, written `%2A` and `%24` (as a
/// rule names them when it means them, not a wildcard or an anchor).
struct RobotsPattern: Sendable, Equatable {
    /// The canonical octets, `*` standing for a wildcard.
    let octets: [UInt8]
    /// The pattern ended with `$`: the path must end where the pattern does.
    let anchored: Bool

    init(_ text: Substring) {
        var body = text
        anchored = body.hasSuffix("$")
        if anchored { body = body.dropLast() }
        // A `$` anywhere else is an octet of the path, not an anchor.
        octets = Self.canonical(body.utf8, keeping: [UInt8(ascii: "*")])
    }

    /// How specific the rule is: its octets as written (the anchor counts, as in the reference
    /// parser), so the longer of two matching rules wins.
    var priority: Int { octets.count + (anchored ? 1 : 0) }

    /// The canonical octets of a URL's path and query, the way rules are compared with them.
    static func path(of url: URL) -> [UInt8] {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? url.path
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        return canonical(path.utf8, keeping: [])
    }

    /// Whether `path` (canonical octets) matches: greedy matching with a return to the last `*`,
    /// at most (pattern × path) steps, whatever a hostile file holds.
    func matches(_ path: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        var p = 0, s = 0
        var lastStar = -1, resumeAt = 0
        while true {
            if p == octets.count && (!anchored || s == path.count) { return true }
            if p < octets.count && octets[p] == star {
                lastStar = p
                p += 1
                resumeAt = s
                continue
            }
            if p < octets.count && s < path.count && octets[p] == path[s] {
                p += 1
                s += 1
                continue
            }
            // A mismatch (or the pattern ended before an anchored path did): the last `*` takes
            // one more octet, and matching goes on after it.
            guard lastStar >= 0, resumeAt < path.count else { return false }
            resumeAt += 1
            s = resumeAt
            p = lastStar + 1
        }
    }

    private static let unreserved: Set<UInt8> = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))
    /// What a path or query holds without encoding, besides the unreserved characters (RFC 3986):
    /// the delimiters that give it its structure. `*` and `$` are left out: in a path they are
    /// written encoded, so that a rule can mean them.
    private static let structural: Set<UInt8> = Set(Array("!&'()+,;=:@/?".utf8))
    private static let hex = Array("0123456789ABCDEF".utf8)

    static func canonical<Octets: Sequence>(_ input: Octets, keeping kept: Set<UInt8>) -> [UInt8] where Octets.Element == UInt8 {
        let bytes = Array(input)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                let decoded = high << 4 | low
                if unreserved.contains(decoded) {
                    result.append(decoded)
                } else {
                    result += [UInt8(ascii: "%"), hex[Int(high)], hex[Int(low)]]
                }
                index += 3
                continue
            }
            if unreserved.contains(byte) || structural.contains(byte) || kept.contains(byte) {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
            index += 1
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
