export interface Task {
  id: string;
  title: string;
  done: boolean;
  createdAt: Date;
}
