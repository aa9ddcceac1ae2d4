//! Tables of words packed in one run of letters, built at compile time:
//! a table of slices is four bytes a word on the C64 (an address and a
//! length), a packed one a byte (where the word ends).

/// `M - 1` words in `L` letters: word `i` is the letters from `bounds[i]`
/// to `bounds[i + 1]` (at most 255: a byte each).
pub(crate) struct Words<const M: usize, const L: usize> {
    letters: [u8; L],
    bounds: [u8; M],
}

impl<const M: usize, const L: usize> Words<M, L> {
    /// The words of `lists`, one list after another, packed: `M` is one
    /// more than there are ([`count`]), `L` their letters together
    /// ([`letters`]); the build fails if either is not, or if the letters
    /// are more than 255.
    pub(crate) const fn pack(lists: &[&[&[u8]]]) -> Words<M, L> {
        assert!(count(lists) + 1 == M && letters(lists) == L && L <= 255);
        let (mut packed, mut bounds) = ([0; L], [0; M]);
        let (mut list, mut word, mut at) = (0, 0, 0);
        while list < lists.len() {
            let mut i = 0;
            while i < lists[list].len() {
                let letters = lists[list][i];
                let mut j = 0;
                while j < letters.len() {
                    packed[at] = letters[j];
                    (at, j) = (at + 1, j + 1);
                }
                (i, word) = (i + 1, word + 1);
                bounds[word] = at as u8;
            }
            list += 1;
        }
        Words { letters: packed, bounds }
    }

    /// Word `i`. Out of line: a table's callers pass the index alone and
    /// share one copy of the reads and the slice's checks (the proxy link:
    /// 20 bytes less code for the panel's two).
    #[inline(never)]
    pub(crate) fn get(&self, i: u8) -> &[u8] {
        let i = i as usize;
        &self.letters[self.bounds[i] as usize..self.bounds[i + 1] as usize]
    }
}

/// The words of `lists`.
pub(crate) const fn count(lists: &[&[&[u8]]]) -> usize {
    let (mut list, mut n) = (0, 0);
    while list < lists.len() {
        n += lists[list].len();
        list += 1;
    }
    n
}

/// The letters of the words of `lists` together.
pub(crate) const fn letters(lists: &[&[&[u8]]]) -> usize {
    let (mut list, mut n) = (0, 0);
    while list < lists.len() {
        let mut i = 0;
        while i < lists[list].len() {
            n += lists[list][i].len();
            i += 1;
        }
        list += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_words_read_back() {
        const FIRST: [&[u8]; 4] = [b"", b"one", b"", b"three"];
        const SECOND: [&[u8]; 2] = [b"four", b""];
        const LISTS: [&[&[u8]]; 2] = [&FIRST, &SECOND];
        const WORDS: Words<{ count(&LISTS) + 1 }, { letters(&LISTS) }> = Words::pack(&LISTS);
        for (i, word) in (0..).zip(FIRST.iter().chain(&SECOND)) {
            assert_eq!(WORDS.get(i), *word);
        }
    }
}
