import Foundation
import LarderCore

/// WordPress names the sizes it generates of an upload after it: `cake.jpg` gives
/// `cake-500x500.jpg`, `cake-500x375.jpg`, … (and an upload over its size threshold is kept as
/// `cake-scaled.jpg`). Recipe plugins (WP Recipe Maker, Tasty Recipes) list the upload and its
/// crops as the recipe's `image`. The upload is the original as the author sent it; the crops
/// are the pictures the page shows. With no share image to say which picture the page means,
/// the largest crop leads.
enum WordPressCrops {
    /// `name-500x375.jpg`: the upload's name, then the crop's width and height.
    static let crop = try! NSRegularExpression(pattern: #"^(.+)-(\d{2,4})x(\d{2,4})\.([A-Za-z0-9]{3,4})$"#)

    /// The address without its query, or nil when it is not one of an upload's files.
    static func file(_ url: String) -> String? {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return path.contains("/uploads/") ? path : nil
    }

    /// The upload a crop was made from (`…/cake.jpg` of `…/cake-500x375.jpg`), with its size.
    static func cropOf(_ url: String) -> (upload: String, size: StatedImageSize)? {
        guard let path = file(url) else { return nil }
        let range = NSRange(path.startIndex..., in: path)
        guard let match = crop.firstMatch(in: path, range: range),
              let base = Range(match.range(at: 1), in: path), let width = Range(match.range(at: 2), in: path).flatMap({ Int(path[$0]) }),
              let height = Range(match.range(at: 3), in: path).flatMap({ Int(path[$0]) }), let ext = Range(match.range(at: 4), in: path)
        else { return nil }
        return (upload: String(path[base]) + "." + String(path[ext]), size: StatedImageSize(width: width, height: height))
    }

    /// The upload a file stands for: `cake-scaled.jpg` is `cake.jpg` made smaller on upload.
    static func upload(_ url: String) -> String? {
        guard let path = file(url) else { return nil }
        guard let dot = path.lastIndex(of: "."), path[..<dot].hasSuffix("-scaled") else { return path }
        return String(path[..<dot].dropLast("-scaled".count)) + String(path[dot...])
    }

    /// `images` with the largest crop first, when they hold an upload and crops of it; else
    /// nil.
    static func largestCropFirst(_ images: [RecipeImage]) -> [RecipeImage]? {
        let uploads = Set(images.compactMap { $0.url.flatMap(upload) })
        let crops = images.indices.compactMap { index -> (index: Int, size: StatedImageSize)? in
            guard let found = images[index].url.flatMap(cropOf), uploads.contains(found.upload) else { return nil }
            return (index, found.size)
        }
        guard let largest = crops.max(by: { $1.size.isLarger(than: $0.size) }), largest.index != 0 else { return nil }
        var reordered = images
        reordered.insert(reordered.remove(at: largest.index), at: 0)
        return reordered
    }
}
