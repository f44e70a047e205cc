/// A run of steps under an optional heading ("Make the dough").
public struct InstructionSection: Codable, Hashable, Sendable {
    /// The section's heading, when it has one.
    public var name: String?
    /// The steps, in order.
    public var steps: [Step]

    /// A section of steps under an optional heading.
    public init(name: String? = nil, steps: [Step]) {
        self.name = name
        self.steps = steps
    }
}

/// One step of the method.
public struct Step: Codable, Hashable, Sendable {
    /// What to do, as the source wrote it.
    public var text: String
    /// A step's own title, when the source gives one (schema.org `HowToStep.name`).
    public var name: String?
    /// The web address of the step's picture, when the source gives one.
    public var image: String?

    /// A step with its text, and its title and picture when known.
    public init(text: String, name: String? = nil, image: String? = nil) {
        self.text = text
        self.name = name
        self.image = image
    }
}
