"""Reading the opponents: what their plays and passes say about their hidden hands (``inference``, with its
inner loop ``weighing`` and the hand readings ``readings``), whether they play keenly or patiently (``styles``),
and, over a match, whether they waste their cards (``field``)."""
