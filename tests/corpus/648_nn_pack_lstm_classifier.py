import torch
import torch.nn as nn

torch.manual_seed(0)

class LSTMClassifier(nn.Module):
    def __init__(self, vocab_size, embedding_dim, hidden_dim, output_dim):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, embedding_dim)
        self.lstm = nn.LSTM(embedding_dim, hidden_dim, num_layers=2, batch_first=True)
        self.fc = nn.Linear(hidden_dim, output_dim)

    def forward(self, text, text_lengths):
        embedded = self.embedding(text)
        packed = nn.utils.rnn.pack_padded_sequence(embedded, text_lengths, batch_first=True,
                                                   enforce_sorted=False)
        packed_output, (hidden, cell) = self.lstm(packed)
        output, output_lengths = nn.utils.rnn.pad_packed_sequence(packed_output, batch_first=True)
        return self.fc(hidden[-1]), output

model = LSTMClassifier(20, 5, 6, 2)
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
text = torch.randint(1, 20, (4, 7))
lengths = torch.tensor([7, 3, 5, 3])
for step in range(3):
    optimizer.zero_grad()
    logits, output = model(text, lengths)
    loss = nn.CrossEntropyLoss()(logits, torch.tensor([0, 1, 1, 0]))
    loss.backward()
    optimizer.step()
    print(step, round(loss.item(), 4))
output.shape
output[1, 3:]
model.lstm.weight_ih_l1.grad
model.fc.weight.grad
