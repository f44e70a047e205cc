import Foundation

/// The size an image address states for the picture it serves: image services and CMSs write
/// it into the path or the query (`1200x630`, `w_1200,h_630`, `/1200-630/`, `width=1200&height=630`,
/// `?w=1200`). Lets the scraper prefer the larger of two pictures, as it does when the
/// structured data gives sizes.
struct StatedImageSize: Equatable {
    var width: Int
    var height: Int?

    /// Width-and-height forms, tried in order; the groups are (width, height), or (height, width)
    /// where the name says so.
    static let pairs: [(pattern: NSRegularExpression, heightFirst: Bool)] = [
        (#"(?<![\d.])(\d{3,4})[x×](\d{3,4})(?!\d)"#, false),
        (#"[wW]_?(\d{3,4})(?:,|%2C)[hH]_?(\d{3,4})"#, false),
        (#"[hH]_(\d{3,4})(?:,|%2C)[wW]_(\d{3,4})"#, true),
        (#"/(\d{3,4})-(\d{3,4})/"#, false),
        (#"width=(\d{3,4})&(?:amp;)?height=(\d{3,4})"#, false),
        (#"W(\d{3,4})xH(\d{3,4})"#, false),
        (#"w(\d{3,4})-h(\d{3,4})"#, false),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    static let widthOnly = try! NSRegularExpression(pattern: #"(?:[?&/_,]w[_=]?|width=|rule=w)(\d{3,4})(?!\d)"#)

    init(width: Int, height: Int?) {
        self.width = width
        self.height = height
    }

    init?(url: String) {
        let range = NSRange(url.startIndex..., in: url)
        func number(_ match: NSTextCheckingResult, _ group: Int) -> Int? {
            Range(match.range(at: group), in: url).flatMap { Int(url[$0]) }
        }
        for (pattern, heightFirst) in Self.pairs {
            if let match = pattern.firstMatch(in: url, range: range), let a = number(match, 1), let b = number(match, 2) {
                self.init(width: heightFirst ? b : a, height: heightFirst ? a : b)
                return
            }
        }
        guard let match = Self.widthOnly.firstMatch(in: url, range: range), let width = number(match, 1) else { return nil }
        self.init(width: width, height: nil)
    }

    /// Whether this picture is larger than `other`: by area when both give a height, else by
    /// width.
    func isLarger(than other: StatedImageSize) -> Bool {
        if let height, let otherHeight = other.height { return width * height > other.width * otherHeight }
        return width > other.width
    }
}
