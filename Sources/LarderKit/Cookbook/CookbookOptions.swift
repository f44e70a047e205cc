import Foundation

/// How the printable cookbook looks and where its images go.
public struct CookbookOptions: Sendable {
    /// Paper size, written into the CSS `@page` rule.
    public enum PageSize: String, CaseIterable, Sendable {
        /// ISO A4 (210 × 297 mm) or US Letter (8.5 × 11 in).
        case a4, letter

        /// The value of CSS `@page { size: … }`.
        var css: String { self == .a4 ? "A4" : "letter" }

        /// The name of Typst's `page(paper: …)`.
        var typstPaper: String { self == .a4 ? "a4" : "us-letter" }
    }

    /// Where the pictures of the recipes go.
    public enum Images: String, CaseIterable, Sendable {
        /// Inside the HTML as `data:` URLs: one file that can be mailed or archived.
        case embed
        /// In a folder beside the HTML (`<name>-images/`), linked relatively: a lighter file.
        case folder
        /// No pictures.
        case none
    }

    /// The title on the book's title page.
    public var title: String
    /// A line under the title.
    public var subtitle: String?
    /// The paper size.
    public var pageSize: PageSize
    /// How the pictures go with the book.
    public var images: Images
    /// The day printed on the title page.
    public var date: Date
    /// `--template`: for the HTML book a folder of `.mustache` files that replace the built-in
    /// templates of the same names; for the PDF a Typst file that replaces `book.typ`.
    public var template: URL?

    /// Options with the values given.
    public init(title: String = "Recipes", subtitle: String? = nil, pageSize: PageSize = .a4, images: Images = .embed,
                date: Date = Date(), template: URL? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.pageSize = pageSize
        self.images = images
        self.date = date
        self.template = template
    }
}
