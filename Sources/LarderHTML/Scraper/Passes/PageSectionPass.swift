extension ScrapePass {
    /// Section titles ("Ingredients", "Zubereitung") and the lists after them, read as a
    /// reader reads the page (`PageHeuristics`), when neither the structured data nor a card
    /// gave the method.
    static let pageSections = ScrapePass(name: "page sections") { draft in
        guard needsPageSections(draft), let read = PageHeuristics.card(in: draft.page, limits: draft.limits) else { return }
        if draft.card == nil { draft.card = read } else { draft.card?.instructionSections = read.instructionSections }
    }

    /// Reading the page's sections is the most expensive pass, and only worth it when the
    /// structured data is missing or incomplete and no card gave steps: a card that lists
    /// ingredients and no steps leaves the method to the page's headings.
    static func needsPageSections(_ draft: ScrapeDraft) -> Bool {
        !draft.structuredIsComplete && draft.card?.instructionSections.isEmpty != false
    }
}
