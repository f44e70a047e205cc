import Foundation

/// The size an image address states for the picture it serves. Image services and CMSs write
/// it into the path or the query, each in its own way; each way is a named convention here.
/// Lets the image pass prefer the larger of two pictures, as it does when the structured data
/// gives sizes. To read another service's addresses, add its convention to `all` with an
/// example in `ImageAdapterTests`.
struct StatedImageSize: Equatable {
    var width: Int
    var height: Int?

    /// One way of writing a size into an address.
    struct Convention: Sendable {
        var name: String
        /// The groups are (width, height), or (height, width) when `heightFirst`; a pattern
        /// with one group states the width alone.
        var pattern: NSRegularExpression
        var heightFirst = false

        init(_ name: String, _ pattern: String, heightFirst: Bool = false) {
            self.name = name
            self.pattern = try! NSRegularExpression(pattern: pattern)
            self.heightFirst = heightFirst
        }
    }

    /// `-300x200.jpg`: WordPress's generated crops, and the `1200x630` of Thumbor and most
    /// resizing services.
    static let widthByHeight = Convention("width x height", #"(?<![\d.])(\d{3,4})[x×](\d{3,4})(?!\d)"#)
    /// `w_1200,h_630` (and `h_630,w_1200`): Cloudinary's transformations and their imitators.
    static let transformWidthHeight = Convention("w_ and h_ transformations", #"[wW]_?(\d{3,4})(?:,|%2C)[hH]_?(\d{3,4})"#)
    static let transformHeightWidth = Convention("h_ and w_ transformations", #"[hH]_(\d{3,4})(?:,|%2C)[wW]_(\d{3,4})"#, heightFirst: true)
    /// `?width=1200&height=630`: query parameters of image services.
    static let queryParameters = Convention("width and height parameters", #"width=(\d{3,4})&(?:amp;)?height=(\d{3,4})"#)
    /// `=w1200-h630`: Google's image servers (Blogger, Google user content).
    static let googleImageServer = Convention("Google image server", #"w(\d{3,4})-h(\d{3,4})"#)
    /// `?w=1200`, `/w_1200/`, `width=1200`: the width alone.
    static let widthOnly = Convention("width alone", #"(?:[?&/_,]w[_=]?|width=)(\d{3,4})(?!\d)"#)

    /// Width-and-height conventions first, in this order, then the width alone.
    static let all = [widthByHeight, transformWidthHeight, transformHeightWidth, queryParameters, googleImageServer, widthOnly]

    init(width: Int, height: Int?) {
        self.width = width
        self.height = height
    }

    init?(url: String) {
        guard let size = Self.all.lazy.compactMap({ Self.read(url, by: $0) }).first else { return nil }
        self = size
    }

    /// The size `convention` reads in `url`, if it finds one.
    static func read(_ url: String, by convention: Convention) -> StatedImageSize? {
        let range = NSRange(url.startIndex..., in: url)
        guard let match = convention.pattern.firstMatch(in: url, range: range) else { return nil }
        func number(_ group: Int) -> Int? {
            Range(match.range(at: group), in: url).flatMap { Int(url[$0]) }
        }
        guard let first = number(1) else { return nil }
        guard match.numberOfRanges > 2 else { return StatedImageSize(width: first, height: nil) }
        guard let second = number(2) else { return nil }
        return convention.heightFirst ? StatedImageSize(width: second, height: first) : StatedImageSize(width: first, height: second)
    }

    /// Whether this picture is larger than `other`: by area when both give a height, else by
    /// width.
    func isLarger(than other: StatedImageSize) -> Bool {
        if let height, let otherHeight = other.height { return width * height > other.width * otherHeight }
        return width > other.width
    }
}
